/**
 * The shop record as a content kind (versions/content-kind.ts): one row, item id SHOP_ITEM_ID,
 * with history, a draft and preview, and no bin.
 */
import type { ContentKindAdapter } from '#server/versions/content-kind.ts';
import { shopSchema, type Shop } from '#shared/schemas/shop.ts';
import type { DraftSaveInput } from '#shared/schemas/versions.ts';
import * as repo from './shop.repository.ts';

/** The shop record is one row: its item id is always 1. */
export const SHOP_ITEM_ID = 1;

export const shopContentKind = {
  kind: 'shop',
  label: () => 'Shop details',
  async read(db, id) {
    if (id !== SHOP_ITEM_ID) return undefined;
    const record = await repo.findShop(db);
    if (!record) return undefined;
    const { updatedAt: _updatedAt, ...fields } = record;
    return shopSchema.parse(fields);
  },
  lock: async (db, id) => id === SHOP_ITEM_ID && (await repo.lockShop(db)),
  async writeBack(db, _id, data) {
    await repo.updateShopRow(db, data as Shop);
    return [];
  },
  imagesOf: () => [],
  draft: {
    fromInput(draftInput) {
      const { kind: _kind, id: _id, ...fields } = draftInput as Extract<DraftSaveInput, { kind: 'shop' }>;
      // One review link, sent under either name (the form sends reviewsUrl); the record carries both.
      const link = fields.reviewsUrl ?? fields.reviewLink ?? '';
      return shopSchema.parse({ ...fields, reviewsUrl: link, reviewLink: link });
    },
    overlay: (drafts) => {
      const draft = drafts.get(SHOP_ITEM_ID) as Shop | undefined;
      return draft ? { shop: () => draft } : {};
    },
  },
} satisfies ContentKindAdapter;
