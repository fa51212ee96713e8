/**
 * The public content in memory: every widget by name, the visible galleries with their images,
 * the testimonials newest first, the shop's details. Public reads are answered from it with no
 * database work; the procedures that the fast path answers from it say how in their meta
 * (`publicSnapshot`, public-fast-path.ts) (docs/decisions/public-content-snapshot.md).
 *
 * Built at start and again after every committed write to content: a procedure whose meta says
 * `changesPublicContent` (and an upload route that says so) awaits `refreshAndPublish()` before
 * its response leaves, so the next read shows the change. Refreshes coalesce: a call waits for
 * one build that started after it. A failed build keeps the last good snapshot and logs; a
 * reader only ever sees a complete one (it is swapped in whole).
 */
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import type { Gallery, GallerySummary, Testimonial, Widget } from '#shared/schemas/content.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import type { BookingSummary } from '#shared/schemas/bookings.ts';

export interface PublicContent {
  widgets: Widget[];
  /** The public gallery list (visible galleries with images), in its order. */
  galleryList: GallerySummary[];
  /** Every visible gallery with its images in order. */
  galleries: Gallery[];
  /** Newest first. */
  testimonials: Testimonial[];
  /** The shop's details (footer, contact page, titles, structured data, e-mails). */
  shop: Shop;
  /** The booking types and the next free estimate; rebuilt by every booking write. */
  booking?: BookingSummary;
  /** For the sitemap's lastmod: the pages' content (widgets, testimonials) and each gallery. */
  changedAt: { pages: Date | null; galleries: Map<number, Date> };
  /**
   * The storage keys of public image files that only items in the bin use: /media answers them
   * 404 from this set, with no query per request (plugins/media.ts). A bin move or restore
   * changes public content, so the set is rebuilt with the rest (and on the other copies).
   */
  withheldMedia: ReadonlySet<string>;
}

export class PublicSnapshot {
  private readonly widgetsByName: Map<string, Widget>;
  private readonly galleriesById: Map<number, Gallery>;

  constructor(
    readonly content: PublicContent,
    readonly version: number,
    readonly builtAt: Date,
  ) {
    this.widgetsByName = new Map(content.widgets.map((w) => [w.name, w]));
    this.galleriesById = new Map(content.galleries.map((g) => [g.id, g]));
  }

  widget(name: string): Widget | undefined {
    return this.widgetsByName.get(name);
  }

  gallery(id: number): Gallery | undefined {
    return this.galleriesById.get(id);
  }

  galleryList(): { results: GallerySummary[]; total: number } {
    return { results: this.content.galleryList, total: this.content.galleryList.length };
  }

  /** Whether /media must not serve this public key (its items are all in the bin). */
  isMediaWithheld(key: string): boolean {
    return this.content.withheldMedia.has(key);
  }

  testimonials(page = 0, limit = ADMIN_PAGE_SIZE): { results: Testimonial[]; total: number } {
    const all = this.content.testimonials;
    return { results: all.slice(page * limit, page * limit + limit), total: all.length };
  }
}

/**
 * How the snapshot answers a public GET, declared in the procedure's meta (`publicSnapshot`):
 * the procedure's answer for its parsed input, or undefined when the procedure must run (an
 * admin's read, a miss that is the contract's 404). The answer must be the same for every
 * visitor, signed in or not: the fast path sends it before any session is looked up.
 */
export type SnapshotRead = (snapshot: PublicSnapshot, input: never) => unknown;

/** Declares a procedure's snapshot read with its input's type (the meta is declared before `.input()`). */
export function snapshotRead<Input>(read: (snapshot: PublicSnapshot, input: Input) => unknown): SnapshotRead {
  return read;
}

/** How long a write's response waits for the rebuild and the announcement (they still land after). */
export const RESPONSE_WAIT_MS = 2000;

/** Tells the other copies on one database that this copy changed public content (snapshot-sync.ts). */
export interface ChangeAnnouncer {
  /** Never throws. */
  publish(): Promise<void>;
}

export class PublicSnapshotStore {
  private snapshot: PublicSnapshot | undefined;
  private version = 0;
  private building: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private announcer: ChangeAnnouncer | undefined;

  constructor(
    private readonly load: () => Promise<PublicContent>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The current snapshot; undefined only before the first build finished. */
  current(): PublicSnapshot | undefined {
    return this.snapshot;
  }

  /** Resolves after a build that started after this call (a failed build is logged, not thrown). */
  refresh(): Promise<void> {
    this.queued ??= (async () => {
      await this.building;
      this.queued = undefined;
      this.building = this.build();
      try {
        await this.building;
      } finally {
        this.building = undefined;
      }
    })();
    return this.queued;
  }

  /** How long the last successful build took (ms), and how many builds failed (read by /metrics). */
  lastBuildMs = 0;
  failedBuilds = 0;

  /** Several copies on one PostgreSQL: who tells the others after this copy's own rebuild. */
  announceChangesWith(announcer: ChangeAnnouncer | undefined): void {
    this.announcer = announcer;
  }

  /**
   * After a committed change to public content: rebuild, then tell the other copies. Waits at
   * most `maxWaitMs` (a response is held at most 2 s; the rebuild still lands after). Never throws.
   */
  async refreshAndPublish({ maxWaitMs = RESPONSE_WAIT_MS }: { maxWaitMs?: number } = {}): Promise<void> {
    const done = this.refresh().then(() => this.announcer?.publish());
    if (maxWaitMs === Infinity) return done;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs);
      timer.unref();
    });
    await Promise.race([done, waited]);
    clearTimeout(timer);
  }

  private async build(): Promise<void> {
    const started = performance.now();
    try {
      const content = await this.load();
      this.version += 1;
      this.snapshot = new PublicSnapshot(content, this.version, new Date());
      this.lastBuildMs = performance.now() - started;
    } catch (err) {
      this.failedBuilds += 1;
      this.log.error({ err }, 'public content snapshot: rebuild failed; serving the last good one');
    }
  }
}
