// The shop's details: one record the admin edits (docs/decisions/shop-record.md). Readers take it
// from the public snapshot (readShop); getShop and updateShop read and write the table.
import { recordActivity } from '#server/activity/record-activity.ts';
import type { Actor } from '#server/activity/actor.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { shopSchema, type Shop, type ShopInput } from '#shared/schemas/shop.ts';
import * as repo from './shop.repository.ts';
import type { ShopRecord } from './shop.repository.ts';
import { keepVersion, withVersion } from '#server/versions/version-keeping.ts';
import { SHOP_ITEM_ID, shopContentKind } from './shop.content-kind.ts';

type Deps = Pick<AppDeps, 'db'>;

function presentShop(record: ShopRecord): Shop {
  const { updatedAt: _updatedAt, ...shop } = record;
  return shopSchema.parse(shop);
}

/** The shop's details: the pages, the e-mails and GET /api/shop read them (from the snapshot when built). */
export async function readShop(deps: Pick<AppDeps, 'db' | 'publicContent'>): Promise<Shop> {
  return deps.publicContent.current()?.content.shop ?? getShop(deps);
}

export async function getShop(deps: Deps): Promise<Shop> {
  const record = await repo.findShop(deps.db);
  // The seed writes the row before the site starts (db/seed/seed.ts ensureShop).
  if (!record) throw new Error('the shop table has no row: the seed (ensureShop) has not run on this database');
  return presentShop(record);
}

/**
 * The one review link from an input that may name it twice (reviewsUrl, and reviewLink, its older
 * name that answers still carry): the one that differs from the stored link when they differ, so a
 * client that edits either name and sends back the other as it read it changes the link; neither: none.
 */
function reviewLinkOf(input: ShopInput, stored: string): Pick<Shop, 'reviewsUrl' | 'reviewLink'> {
  const sent = [input.reviewsUrl, input.reviewLink].filter((v): v is string => v !== undefined);
  const link = sent.find((v) => v !== stored) ?? sent[0] ?? '';
  return { reviewsUrl: link, reviewLink: link };
}

/** Replaces the whole record (the input is the record, checked by its schema). */
export async function updateShop(deps: Deps, input: ShopInput, actor: Actor): Promise<Shop> {
  const shop: Shop = shopSchema.parse({ ...input, ...reviewLinkOf(input, (await repo.findShop(deps.db))?.reviewsUrl ?? '') });
  await deps.db.transaction().execute(async (trx) => {
    // Every save keeps a version, in the save's transaction.
    if (await repo.lockShop(trx)) {
      await withVersion(trx, shopContentKind, SHOP_ITEM_ID, actor.userId, () => repo.updateShopRow(trx, shop));
    } else {
      await repo.insertShopIfAbsent(trx, shop);
      await keepVersion(trx, shopContentKind, SHOP_ITEM_ID, actor.userId);
    }
    await recordActivity(trx, { actor, kind: 'shop-changed', item: { type: 'shop' } });
  });
  return getShop(deps);
}
