/**
 * The public content in memory: every widget by name, the visible galleries with their images,
 * the testimonials newest first, the shop's details. Public reads are answered from it with no
 * database work, and the REST door sends its JSON bytes prepared once per version with a strong
 * ETag (docs/decisions/public-content-snapshot.md).
 *
 * Built at start and again after every committed write to content (app.ts awaits `refresh()`
 * before a write's response leaves, so the next read shows the change). Refreshes coalesce: a
 * call waits for one build that started after it. A failed build keeps the last good snapshot
 * and logs; a reader only ever sees a complete one (it is swapped in whole).
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import {
  galleryPageSchema,
  gallerySchema,
  testimonialPageSchema,
  widgetSchema,
  type Gallery,
  type GallerySummary,
  type Testimonial,
  type Widget,
} from '#shared/schemas/content.ts';
import { shopSchema, type Shop } from '#shared/schemas/shop.ts';
import { galleryListInput, idInput, testimonialListInput, widgetByKeyInput } from '#shared/schemas/content-inputs.ts';

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
  /** For the sitemap's lastmod: the pages' content (widgets, testimonials) and each gallery. */
  changedAt: { pages: Date | null; galleries: Map<number, Date> };
}

/** A REST answer prepared once: the contract's JSON body and its strong ETag. */
export interface PreparedJson {
  body: string;
  etag: string;
}

function prepare(value: unknown): PreparedJson {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** How many prepared answers one version keeps (widgets, galleries and testimonial pages fit easily). */
const MAX_PREPARED = 2000;

export class PublicSnapshot {
  private readonly widgetsByName: Map<string, Widget>;
  private readonly galleriesById: Map<number, Gallery>;
  private readonly prepared = new Map<string, PreparedJson>();

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

  testimonials(page = 0, limit = ADMIN_PAGE_SIZE): { results: Testimonial[]; total: number } {
    const all = this.content.testimonials;
    return { results: all.slice(page * limit, page * limit + limit), total: all.length };
  }

  /**
   * The prepared REST body of a public read, or undefined when the snapshot cannot answer it
   * (an admin's listing, an id, a hidden or unknown gallery, bad input): the procedure then runs
   * as usual and gives the contract's answer, 404 and 422 included.
   */
  restAnswer(procedurePath: string, rawInput: Record<string, unknown>): PreparedJson | undefined {
    const answer = (key: string, make: () => unknown): PreparedJson => {
      let found = this.prepared.get(key);
      if (!found) {
        found = prepare(make());
        if (this.prepared.size < MAX_PREPARED) this.prepared.set(key, found);
      }
      return found;
    };
    switch (procedurePath) {
      case 'widgets.byKey': {
        const input = widgetByKeyInput.safeParse(rawInput);
        const widget = input.success && !/^\d+$/.test(input.data.x) ? this.widget(input.data.x) : undefined;
        return widget && answer(`w:${widget.name}`, () => widgetSchema.parse(widget));
      }
      case 'galleries.get': {
        const input = idInput.safeParse(rawInput);
        const gallery = input.success ? this.gallery(input.data.id) : undefined;
        return gallery && answer(`g:${gallery.id}`, () => gallerySchema.parse(gallery));
      }
      case 'galleries.list': {
        const input = galleryListInput.safeParse(rawInput);
        const isPublicList =
          input.success && input.data.hidden === false && input.data.limit === undefined && input.data.page === undefined;
        return isPublicList ? answer('gl', () => galleryPageSchema.parse(this.galleryList())) : undefined;
      }
      case 'testimonials.list': {
        const input = testimonialListInput.safeParse(rawInput);
        if (!input.success) return undefined;
        const { page = 0, limit = ADMIN_PAGE_SIZE } = input.data;
        const make = () => testimonialPageSchema.parse(this.testimonials(page, limit));
        // Pages past the end are all alike and not worth keeping.
        return page * limit < this.content.testimonials.length ? answer(`t:${page}:${limit}`, make) : prepare(make());
      }
      case 'shop.get':
        return Object.keys(rawInput).length === 0 ? answer('shop', () => shopSchema.parse(this.content.shop)) : undefined;
      default:
        return undefined;
    }
  }
}

export class PublicSnapshotStore {
  private snapshot: PublicSnapshot | undefined;
  private version = 0;
  private building: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

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
