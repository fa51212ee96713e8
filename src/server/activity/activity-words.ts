/**
 * The log's own words for an entry: what it describes ("Content saved: widget “Opening hours”")
 * and the admin page it links to. The screen's entries (activity.service.ts) use the functions;
 * the CSV (activity-csv.ts) hands the same tables to the database, which writes its lines.
 */
import { screenPath } from '#shared/screen-paths.ts';
import { ACTIVITY_KIND_LABELS } from '#shared/value-sets.ts';

interface Describable {
  kind: string;
  item_type: string | null;
  item_id: number | null;
  item_label: string | null;
}

/** The noun of an item type in a description; another type is named as it is. */
export const ITEM_NAMES: Readonly<Record<string, string>> = {
  gallery: 'gallery',
  testimonial: 'testimonial',
  widget: 'widget',
  user: 'user',
  shop: 'shop details',
  backup: 'backup',
  account: 'account',
  quote: 'quote request',
  'estimate-settings': 'estimate settings',
  insurer: 'insurer',
  invoice: 'invoice',
};

/** Kinds whose link does not depend on the item: a page, or none (what they were about is gone). */
export const KIND_LINKS: Readonly<Record<string, string | null>> = {
  'content-deleted': screenPath('adminBin'),
  'bin-purged': null,
  'user-deleted': null,
  'account-deleted': null,
};

/** Otherwise the item's admin page, when its type has one; `needsId`: none for an entry without the item's id. */
export const ITEM_LINKS: Readonly<Record<string, { needsId: boolean; path: (id: number) => string }>> = {
  shop: { needsId: false, path: () => screenPath('adminShop') },
  'estimate-settings': { needsId: false, path: () => screenPath('adminEstimateSettings') },
  gallery: { needsId: true, path: (id) => screenPath('adminGallery', { id }) },
  widget: { needsId: true, path: (id) => screenPath('adminWidget', { id }) },
  user: { needsId: true, path: (id) => screenPath('adminUser', { id }) },
  testimonial: { needsId: true, path: () => screenPath('adminTestimonials') },
  quote: { needsId: true, path: (id) => screenPath('adminQuote', { id }) },
};

const own = <T>(table: Readonly<Record<string, T>>, key: string | null): T | undefined =>
  key !== null && Object.hasOwn(table, key) ? table[key] : undefined;

export const kindLabel = (kind: string): string | undefined => own<string>(ACTIVITY_KIND_LABELS, kind);

export function describeEntry(row: Describable): string {
  const label = kindLabel(row.kind) ?? row.kind;
  if (!row.item_type) return label;
  const noun = own(ITEM_NAMES, row.item_type) ?? row.item_type;
  return row.item_label ? `${label}: ${noun} “${row.item_label}”` : `${label}: ${noun}`;
}

export function linkOfEntry(row: Describable): string | null {
  const byKind = own(KIND_LINKS, row.kind);
  if (byKind !== undefined) return byKind;
  const link = own(ITEM_LINKS, row.item_type);
  if (!link || (link.needsId && row.item_id === null)) return null;
  return link.path(row.item_id ?? 0);
}
