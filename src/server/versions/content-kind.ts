/**
 * What a content kind (widget, gallery, testimonial, the shop record) tells the services that
 * keep its history, drafts, bin, preview and scheduled changes: one adapter per kind, in its area
 * (e.g. widgets/widget.content-kind.ts), named in content-kinds.ts. The services walk that list
 * or look the adapter up; they never switch on a kind's name
 * (docs/decisions/content-kind-adapters.md).
 */
import type { Kysely } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Actor } from '#server/activity/actor.ts';
import type { Database } from '#server/db/types.ts';
import type { MergedPage } from '#server/db/keyset.ts';
import type { ContentOverlay } from '#server/public-content/public-content.service.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import {
  versionDataSchemas,
  type DraftSaveInput,
  type GalleryVersionData,
  type TestimonialVersionData,
  type WidgetVersionData,
} from '#shared/schemas/versions.ts';
import type { ContentKind } from '#shared/value-sets.ts';

type Db = Kysely<Database>;

export type VersionData = WidgetVersionData | GalleryVersionData | TestimonialVersionData | Shop;

export function parseVersionData(kind: ContentKind, json: string): VersionData {
  return versionDataSchemas[kind].parse(JSON.parse(json));
}

/** A binned item as the bin lists it. */
export interface BinnedRow {
  id: number;
  name: string;
  deleted_at: Date | null;
  deleted_by: number | null;
  /** deleted_at in whole microseconds (the cursor). */
  key_micros: string;
  /** A gallery's images (they come back with it); null for the kinds without. */
  imageCount: number | null;
}

/** How the bin handles the kind (docs/decisions/bin-as-soft-delete.md); the shop has no bin. */
export interface BinOperations {
  /** A page of the kind's binned rows (src/server/bin/bin.service.ts merges the kinds). */
  list(db: Db, page: MergedPage): Promise<BinnedRow[]>;
  idsBinnedBefore(db: Db, before: Date): Promise<number[]>;
  isBinned(db: Db, id: number): Promise<boolean>;
  /** Takes the item out of the bin (in the caller's transaction): its name, or undefined when it is not in the bin. */
  restore(trx: Db, id: number): Promise<string | undefined>;
  /** The answer to a database error of a restore (two restores racing for one name), if the kind has one. */
  restoreRefusal?(error: unknown): Error | undefined;
  /** Deletes the binned item for good with its history, then its files; false when it is not in the bin (any more). */
  purge(deps: Pick<AppDeps, 'db' | 'storage' | 'log'>, id: number, actor: Actor): Promise<boolean>;
}

/** How a draft of the kind is made and published (docs/decisions/content-versions-and-drafts.md). */
export interface DraftOperations {
  /** The draft's data: the form's fields as a save would store them (sanitised), over the live item. */
  fromInput(input: DraftSaveInput, live: VersionData): VersionData;
  /** The refusals a saved or published draft meets (a widget's name taken since); throws. */
  check?(trx: Db, id: number, data: VersionData): Promise<void>;
  /** The draft as it goes live (a widget keeps the live picture, whatever it was when drafted). */
  toPublish?(data: VersionData, live: VersionData): VersionData;
  /** The public content with the kind's drafts (item id → draft) in place of the published items. */
  overlay(drafts: ReadonlyMap<number, VersionData>): ContentOverlay;
}

export interface ContentKindAdapter {
  kind: ContentKind;
  /** The item's name in lists (the scheduled changes); `state` is undefined when the item is gone. */
  label(state: VersionData | undefined): string | null;
  /** The item's fields as a version keeps them; undefined when the item is gone. */
  read(db: Db, id: number): Promise<VersionData | undefined>;
  /** Locks the live row for the rest of the transaction; false when the item is gone. */
  lock(db: Db, id: number): Promise<boolean>;
  /**
   * Writes a version's fields into the live row (locked by the caller); returns the image ids the
   * row stopped naming, to release after the commit.
   */
  writeBack(db: Db, id: number, data: VersionData): Promise<number[]>;
  /** The pictures a version names (kept with it). */
  imagesOf(data: VersionData): number[];
  bin?: BinOperations;
  draft?: DraftOperations;
}

/** The name an activity entry keeps for the item (the shop has none of its own). */
export function itemLabel(data: unknown): string | null {
  const name = (data as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : null;
}
