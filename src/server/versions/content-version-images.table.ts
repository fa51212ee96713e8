/** The pictures a version names, kept while the version is (images.repository deleteUnreferencedImages). */
export interface ContentVersionImagesTable {
  version_id: number;
  image_id: number;
}
