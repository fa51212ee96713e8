/**
 * Inputs of the widgets, testimonials and galleries procedures and upload paths. REST path
 * parameters and form fields arrive as strings, so numbers and booleans are coerced here; the
 * client's forms reuse the same rules and messages.
 */
import { z } from 'zod';
import { WIDGET_NAME_PATTERN } from '#shared/limits.ts';
import { booleanField, httpUrlField, integerField, messages, optionalString, requiredString } from '#shared/validation.ts';
import { WIDGET_TYPES } from '#shared/value-sets.ts';

export const MAX_ID = 2_147_483_647;
/** Rich text is bounded so one save cannot fill the database. */
export const RICH_TEXT_MAX = 100_000;

/** integerField, with "is required" (not "must be an integer") when the value is missing. */
export function requiredInteger(field: string, min: number, max: number) {
  return z.preprocess(
    (value, ctx) => {
      if (value === undefined || value === null || value === '') {
        ctx.addIssue({ code: 'custom', message: messages.required(field), input: value });
        return z.NEVER;
      }
      return value;
    },
    integerField(field, min, max),
  );
}

export const idField = (field = 'id') => requiredInteger(field, 1, MAX_ID);
export const idInput = z.object({ id: idField() });

export const widgetNameField = requiredString('name', 64).regex(
  WIDGET_NAME_PATTERN,
  'The name must start with a letter and contain only letters, digits, dashes and underscores.',
);

const richTextField = (field: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string({ error: messages.string(field) }).max(RICH_TEXT_MAX, messages.max(field, RICH_TEXT_MAX)),
  );

/** GET /api/widgets/{x}: a name (public) or an id (admins). */
export const widgetByKeyInput = z.object({ x: z.string().trim().min(1, messages.required('x')).max(64, messages.max('x', 64)) });

/** DELETE /api/widgets/{x}: the path's parameter keeps GET's name (one OpenAPI path), here the id. */
export const widgetDeleteInput = z.object({ x: idField('x') });

export const widgetCreateInput = z.object({
  name: widgetNameField,
  // The admin add form creates TEXT widgets only; the type is changed later by editing.
  type: z.literal('TEXT', { error: messages.in('type') }).default('TEXT'),
});
export type WidgetCreateInput = z.infer<typeof widgetCreateInput>;

/** The editable fields (all optional: what is missing stays as it is). */
export const widgetFieldsInput = z.object({
  name: widgetNameField.optional(),
  type: z.enum(WIDGET_TYPES, { error: messages.in('type') }).optional(),
  html: richTextField('html').optional(),
  alt: optionalString('alt', 255).optional(),
});
export const widgetUpdateInput = widgetFieldsInput.extend({ id: idField() });
export type WidgetUpdateInput = z.infer<typeof widgetUpdateInput>;

const pageLimit = (max: number) => integerField('limit', 1, max).optional();
const zeroBasedPage = integerField('page', 0, 1_000_000).optional();

export const testimonialListInput = z.object({ limit: pageLimit(100), page: zeroBasedPage });
export const testimonialFieldsInput = z.object({
  name: requiredString('name', 150),
  score: requiredInteger('score', 1, 5),
  review: requiredString('review', RICH_TEXT_MAX),
});
export type TestimonialFieldsInput = z.infer<typeof testimonialFieldsInput>;
export const testimonialUpdateInput = testimonialFieldsInput.extend({ id: idField() });

export const galleryListInput = z.object({
  hidden: booleanField('hidden').optional(),
  limit: pageLimit(100),
  page: zeroBasedPage,
});
export type GalleryListInput = z.infer<typeof galleryListInput>;

export const galleryCreateInput = z.object({ name: requiredString('name', 150) });

/** Gallery fields (the cover `image` is a file on the upload path). */
export const galleryFieldsInput = z.object({
  name: requiredString('name', 150).optional(),
  url: optionalString('url', 500).optional(),
  hidden: booleanField('hidden').optional(),
});
export const galleryUpdateInput = galleryFieldsInput.extend({ id: idField() });
export type GalleryUpdateInput = z.infer<typeof galleryUpdateInput>;

export const galleryImageUploadFields = z.object({ gallery_id: idField('gallery_id') });

export const galleryReorderInput = z.object({
  id: idField(),
  images: z.array(z.object({ id: idField() }), { error: 'The images field must be a list.' }).max(10_000),
});
export type GalleryReorderInput = z.infer<typeof galleryReorderInput>;

export const galleryImageUpdateInput = z.object({
  id: idField(),
  alt: optionalString('alt', 255).optional(),
  link: httpUrlField('link').optional(),
});
export type GalleryImageUpdateInput = z.infer<typeof galleryImageUpdateInput>;
