import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

export interface GalleryImagesTable {
  id: Generated<number>;
  gallery_id: number;
  image_id: number;
  alt: ColumnType<string, string | undefined, string>;
  link: string | null;
  position: number;
  created_at: Timestamp;
}
