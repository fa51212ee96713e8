/** A failed upload: the HTTP status (0 for a network failure or cancel) and the JSON body. */
export interface UploadErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
}

export class UploadError extends Error {
  constructor(
    public status: number,
    public body: UploadErrorBody,
  ) {
    super(body.message || `Upload failed (${status})`);
    this.name = 'UploadError';
  }
}
