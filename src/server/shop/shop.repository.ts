// SQL for the shop table: its one row (id 1). The list columns are JSON text, parsed and written here.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { Shop } from '#shared/schemas/shop.ts';

const SHOP_ID = 1;

/** The row's values as the record's shape; the presenter (shop.service.ts) checks them. */
export interface ShopRecord extends Omit<
  Shop,
  'addressLines' | 'socialLinks' | 'openingHours' | 'closures' | 'accreditations' | 'insurers'
> {
  accreditations: unknown;
  insurers: unknown;
  addressLines: unknown;
  socialLinks: unknown;
  openingHours: unknown;
  closures: unknown;
  updatedAt: Date;
}

function toColumns(shop: Shop) {
  return {
    name: shop.name,
    tagline: shop.tagline,
    address_lines: JSON.stringify(shop.addressLines),
    town: shop.town,
    county: shop.county,
    postcode: shop.postcode,
    country: shop.country,
    telephone: shop.telephone,
    email: shop.email,
    latitude: shop.latitude,
    longitude: shop.longitude,
    social_links: JSON.stringify(shop.socialLinks),
    opening_hours: JSON.stringify(shop.openingHours),
    closures: JSON.stringify(shop.closures),
    time_zone: shop.timeZone,
    accreditations: JSON.stringify(shop.accreditations),
    insurers: JSON.stringify(shop.insurers),
    year_established: shop.yearEstablished,
    warranty: shop.warranty,
    // One link (a version saved before the two were one may have only its reviewLink set).
    reviews_url: shop.reviewsUrl || shop.reviewLink,
  };
}

export async function findShop(db: Kysely<Database>): Promise<ShopRecord | undefined> {
  const row = await db.selectFrom('shop').selectAll().where('id', '=', SHOP_ID).executeTakeFirst();
  if (!row) return undefined;
  return {
    name: row.name,
    tagline: row.tagline,
    addressLines: JSON.parse(row.address_lines),
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    country: row.country.trim(),
    telephone: row.telephone,
    email: row.email,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    socialLinks: JSON.parse(row.social_links),
    openingHours: JSON.parse(row.opening_hours),
    closures: JSON.parse(row.closures),
    timeZone: row.time_zone,
    accreditations: JSON.parse(row.accreditations),
    insurers: JSON.parse(row.insurers),
    yearEstablished: row.year_established === null ? null : Number(row.year_established),
    warranty: row.warranty,
    reviewsUrl: row.reviews_url,
    reviewLink: row.reviews_url,
    updatedAt: new Date(row.updated_at),
  };
}

/** Locks the row: saves of the record (and their versions) take turns. */
export async function lockShop(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('shop').select('id').where('id', '=', SHOP_ID).forUpdate().executeTakeFirst()) !== undefined;
}

/** Writes the row unless it is there (the seed: an admin's edits are never overwritten). */
export async function insertShopIfAbsent(db: Kysely<Database>, shop: Shop): Promise<boolean> {
  const result = await db
    .insertInto('shop')
    .values({ id: SHOP_ID, ...toColumns(shop) })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Replaces every field (an admin's save: edited_at too); false when the row is missing. */
export async function updateShopRow(db: Kysely<Database>, shop: Shop): Promise<boolean> {
  const now = new Date();
  const result = await db
    .updateTable('shop')
    .set({ ...toColumns(shop), updated_at: now, edited_at: now })
    .where('id', '=', SHOP_ID)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** When an admin last saved the details; null: as the seed wrote them (or no row). */
export async function findShopEditedAt(db: Kysely<Database>): Promise<Date | null> {
  const row = await db.selectFrom('shop').select('edited_at').where('id', '=', SHOP_ID).executeTakeFirst();
  return row?.edited_at ? new Date(row.edited_at) : null;
}
