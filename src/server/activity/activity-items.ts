/** What an activity entry is about, in words, and the admin page it links to (activity.service.ts presents the entries). */
import { screenPath } from '#shared/screen-paths.ts';
import { ACTIVITY_KIND_LABELS } from '#shared/value-sets.ts';
import type { ActivityEntryRecord } from './activity-entries.repository.ts';

const ITEM_NAMES: Record<string, string> = {
  gallery: 'gallery',
  testimonial: 'testimonial',
  widget: 'widget',
  user: 'user',
  shop: 'shop details',
  backup: 'backup',
  account: 'account',
  quote: 'quote request',
  'estimate-settings': 'estimate settings',
};

const ADMIN_LINKS: Record<string, (id: number) => string> = {
  gallery: (id) => screenPath('adminGallery', { id }),
  widget: (id) => screenPath('adminWidget', { id }),
  user: (id) => screenPath('adminUser', { id }),
  testimonial: () => screenPath('adminTestimonials'),
  quote: (id) => screenPath('adminQuote', { id }),
};

export function describe(row: Pick<ActivityEntryRecord, 'kind' | 'item_type' | 'item_label'>): string {
  const label = ACTIVITY_KIND_LABELS[row.kind] ?? row.kind;
  if (!row.item_type) return label;
  const noun = ITEM_NAMES[row.item_type] ?? row.item_type;
  return row.item_label ? `${label}: ${noun} “${row.item_label}”` : `${label}: ${noun}`;
}

export function linkOf(row: Pick<ActivityEntryRecord, 'kind' | 'item_type' | 'item_id'>): string | null {
  if (row.kind === 'content-deleted') return screenPath('adminBin');
  if (row.kind === 'bin-purged' || row.kind === 'user-deleted' || row.kind === 'account-deleted') return null;
  if (row.item_type === 'shop') return screenPath('adminShop');
  if (row.item_type === 'estimate-settings') return screenPath('adminEstimateSettings');
  const link = row.item_type ? ADMIN_LINKS[row.item_type] : undefined;
  return link && row.item_id !== null ? link(row.item_id) : null;
}
