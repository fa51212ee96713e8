// Widgets, galleries, gallery images and testimonials as they cross the API (docs/rest-contract.md).
import { z } from 'zod';
import { WIDGET_TYPES } from '#shared/value-sets.ts';

const widgetTypeSchema = z.enum(WIDGET_TYPES);
export type WidgetType = z.infer<typeof widgetTypeSchema>;

/**
 * The stored WebP variants of an image, so the client can write srcset and reserve space.
 * `image_url` (the large variant) is what the original client read.
 */
const imageVariantsSchema = z.object({
  large_url: z.string(),
  large_width: z.number().int(),
  large_height: z.number().int(),
  thumb_url: z.string(),
  thumb_width: z.number().int(),
  thumb_height: z.number().int(),
  /** Null for an image stored before this variant existed, until the server has made it. */
  medium_url: z.string().nullable(),
  medium_width: z.number().int().nullable(),
  medium_height: z.number().int().nullable(),
});
export type ImageVariants = z.infer<typeof imageVariantsSchema>;

export const widgetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: widgetTypeSchema,
  html: z.string(),
  image_url: z.string().nullable(),
  alt: z.string(),
  image: imageVariantsSchema.nullable(),
});
export type Widget = z.infer<typeof widgetSchema>;

export const galleryImageSchema = z.object({
  id: z.number().int(),
  gallery_id: z.number().int(),
  image_url: z.string(),
  alt: z.string(),
  link: z.string().nullable(),
  position: z.number().int(),
  image: imageVariantsSchema,
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

const gallerySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  image_url: z.string().nullable(),
  hidden: z.boolean(),
  image: imageVariantsSchema.nullable(),
});
export type GallerySummary = z.infer<typeof gallerySummarySchema>;

export const gallerySchema = gallerySummarySchema.extend({ images: z.array(galleryImageSchema) });
export type Gallery = z.infer<typeof gallerySchema>;

export const galleryPageSchema = z.object({ results: z.array(gallerySummarySchema), total: z.number().int() });

export const testimonialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  score: z.number().int(),
  review: z.string(),
  created_at: z.string(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const testimonialPageSchema = z.object({ results: z.array(testimonialSchema), total: z.number().int() });
