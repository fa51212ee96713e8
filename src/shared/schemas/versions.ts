/**
 * History of the content an admin edits: what a kept version says, as both doors answer
 * it. A version's `data` is the item's own fields (see docs/rest-contract.md "History"); pictures
 * are named by image id and shown through `thumbs` (image id → thumbnail URL).
 */
import { z } from 'zod';
import { CONTENT_KINDS, CONTENT_VERSION_STATUSES, SCHEDULED_ACTIONS, SCHEDULED_CHANGE_STATES } from '#shared/value-sets.ts';
import { calendarDateField, integerField, messages, requiredString } from '#shared/validation.ts';
import { idField, testimonialFieldsInput, widgetFieldsInput } from '#shared/schemas/content-inputs.ts';
import { shopInput, shopSchema } from '#shared/schemas/shop.ts';
import { WIDGET_TYPES } from '#shared/value-sets.ts';

export const contentKindSchema = z.enum(CONTENT_KINDS, { error: 'The selected kind is invalid.' });

/** A page of history: HISTORY_PAGE_SIZE versions unless `limit` says fewer or more, at most HISTORY_PAGE_MAX. */
export const HISTORY_PAGE_SIZE = 50;
export const HISTORY_PAGE_MAX = 100;
const unsetWhenEmpty = (v: unknown) => (v === '' || v === null ? undefined : v);

export const historyInput = z.object({
  kind: contentKindSchema,
  id: idField(),
  /** The previous page's `next_cursor`, as it came (its form is not part of the contract); none for the newest page. */
  cursor: z.preprocess(
    unsetWhenEmpty,
    z
      .string({ error: 'The cursor field is invalid.' })
      .regex(/^[1-9]\d{0,9}$/, 'The cursor field is invalid.')
      .optional(),
  ),
  limit: z.preprocess(unsetWhenEmpty, integerField('limit', 1, HISTORY_PAGE_MAX).optional()),
});
export type HistoryInput = z.infer<typeof historyInput>;

/** What each kind keeps: the fields an admin edits, pictures by image id, a gallery's images in order. */
export const widgetVersionData = z.object({
  name: z.string(),
  type: z.enum(WIDGET_TYPES),
  html: z.string(),
  alt: z.string(),
  image_id: z.number().int().nullable(),
});
export type WidgetVersionData = z.infer<typeof widgetVersionData>;

export const galleryVersionData = z.object({
  name: z.string(),
  url: z.string(),
  hidden: z.boolean(),
  cover_image_id: z.number().int().nullable(),
  images: z.array(z.object({ id: z.number().int(), image_id: z.number().int(), alt: z.string(), link: z.string().nullable() })),
});
export type GalleryVersionData = z.infer<typeof galleryVersionData>;

export const testimonialVersionData = z.object({ name: z.string(), score: z.number().int(), review: z.string() });
export type TestimonialVersionData = z.infer<typeof testimonialVersionData>;

export const shopVersionData = shopSchema;

export const versionDataSchemas = {
  widget: widgetVersionData,
  gallery: galleryVersionData,
  testimonial: testimonialVersionData,
  shop: shopVersionData,
} as const;

export const contentVersionSchema = z.object({
  id: z.number().int(),
  /** 1, 2, 3 … per item; null for the draft. */
  number: z.number().int().nullable(),
  status: z.enum(CONTENT_VERSION_STATUSES),
  /** Who saved it; null when the account is gone or for the state before history began. */
  author: z.string().nullable(),
  /** The number of the version this one restored, if it was a restore. */
  restored_from: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type ContentVersion = z.infer<typeof contentVersionSchema>;

/** A version as the history lists it: without its `data` (GET /api/content-versions/{id} has that). */
export const versionSummarySchema = contentVersionSchema.omit({ data: true });
export type VersionSummary = z.infer<typeof versionSummarySchema>;

export const historySchema = z.object({
  kind: contentKindSchema,
  item_id: z.number().int(),
  /** The live item, as a version would say it: compare any version against it. */
  current: z.record(z.string(), z.unknown()),
  /** A page of the published versions, newest first. */
  versions: z.array(versionSummarySchema),
  /** Image id → its thumbnail's URL, for every picture the live item names. */
  thumbs: z.record(z.string(), z.string()),
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type History = z.infer<typeof historySchema>;

/** One published version with its fields, and the thumbnails of the pictures it names. */
export const versionDetailSchema = z.object({ version: contentVersionSchema, thumbs: z.record(z.string(), z.string()) });
export type VersionDetail = z.infer<typeof versionDetailSchema>;

/** The kinds that can be saved as a draft beside the published item (a gallery cannot). */
export const DRAFT_KINDS = ['widget', 'testimonial', 'shop'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
export const draftKindSchema = z.enum(DRAFT_KINDS, { error: 'The selected kind is invalid.' });

export const draftKeyInput = z.object({ kind: draftKindSchema, id: idField() });
export type DraftKeyInput = z.infer<typeof draftKeyInput>;

/**
 * PUT /api/content-drafts/{kind}/{id}: the fields of the item's edit form, the same rules as its
 * save (a widget's picture is not drafted: the draft keeps the live one). Autosave sends it every
 * few seconds while the admin types; it updates the one draft in place. One procedure per kind
 * (an input is one object on the REST door).
 */
export const widgetDraftInput = widgetFieldsInput.extend({ id: idField() });
export const testimonialDraftInput = testimonialFieldsInput.extend({ id: idField() });
export const shopDraftInput = shopInput;
export type DraftSaveInput =
  | ({ kind: 'widget' } & z.infer<typeof widgetDraftInput>)
  | ({ kind: 'testimonial' } & z.infer<typeof testimonialDraftInput>)
  | ({ kind: 'shop'; id: number } & z.infer<typeof shopDraftInput>);

export const draftSchema = z.object({ draft: contentVersionSchema.nullable() });

/**
 * Scheduled changes: POST /api/scheduled-changes. `date` and `time` are the shop's wall
 * clock (its time zone); the service turns them into an instant and refuses the past.
 */
const SCHEDULE_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
export const scheduledActionSchema = z.enum(SCHEDULED_ACTIONS, { error: messages.in('action') });
export const scheduleChangeInput = z.object({
  kind: draftKindSchema,
  id: idField(),
  action: scheduledActionSchema,
  date: calendarDateField('date'),
  time: requiredString('time', 5).regex(SCHEDULE_TIME_PATTERN, 'The time field must be a time from 00:00 to 23:59 (HH:MM).'),
});
export type ScheduleChangeInput = z.infer<typeof scheduleChangeInput>;

/** GET /api/scheduled-changes: all of them, or one item's (kind and id together). */
export const scheduledChangesInput = z.object({
  kind: draftKindSchema.optional(),
  id: idField().optional(),
});
export type ScheduledChangesInput = z.infer<typeof scheduledChangesInput>;

export const scheduledChangeSchema = z.object({
  id: z.number().int(),
  kind: draftKindSchema,
  item_id: z.number().int(),
  /** The widget's or testimonial's name, "Shop details"; null when the item is gone for good. */
  item_label: z.string().nullable(),
  action: scheduledActionSchema,
  run_at: z.string(),
  state: z.enum(SCHEDULED_CHANGE_STATES),
  /** What the run did ("version 4 published") or why it could not. */
  outcome: z.string().nullable(),
  /** Who scheduled it; null when the account is gone. */
  scheduled_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ScheduledChange = z.infer<typeof scheduledChangeSchema>;
export const scheduledChangesSchema = z.object({ results: z.array(scheduledChangeSchema) });
