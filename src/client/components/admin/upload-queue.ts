/**
 * The drop zone's rules and queue, kept free of React so they can be tested on their own.
 * Texts and defaults follow Dropzone, which the original admin used (docs/product.md sections 8 and 9).
 */
import { IMAGE_MAX_BYTES } from '#shared/limits.ts';

export const DEFAULT_PARALLEL_UPLOADS = 2;
export const DEFAULT_MAX_FILESIZE_MIB = IMAGE_MAX_BYTES / 1024 / 1024;

const uploadMessages = {
  fileTooBig: 'File is too big ({{filesize}}MiB). Max filesize: {{maxFilesize}}MiB.',
  invalidFileType: "You can't upload files of this type.",
  responseError: 'Server responded with {{statusCode}} code.',
  uploadCanceled: 'Upload canceled.',
};

export interface AcceptRules {
  /** Like the input's accept attribute: "image/*", "image/png", ".jpg", comma separated. */
  accept: string;
  maxFilesizeMiB: number;
}

/** Dropzone's way of matching a file against an accept list. */
export function isAcceptedType(file: Pick<File, 'name' | 'type'>, accept: string): boolean {
  const rules = accept
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** Sizes in MiB with at most two decimals, as Dropzone prints them. */
function mib(bytes: number): string {
  return String(Math.round(bytes / 1024 / 10.24) / 100);
}

/** The reason a file is refused before it is sent, or null when it may go. */
export function rejectionOf(file: Pick<File, 'name' | 'type' | 'size'>, rules: AcceptRules): string | null {
  if (!isAcceptedType(file, rules.accept)) return uploadMessages.invalidFileType;
  if (file.size > rules.maxFilesizeMiB * 1024 * 1024) {
    return uploadMessages.fileTooBig.replace('{{filesize}}', mib(file.size)).replace('{{maxFilesize}}', String(rules.maxFilesizeMiB));
  }
  return null;
}

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'error' | 'canceled';

export interface UploadItem {
  id: number;
  file: File;
  status: UploadStatus;
  /** 0 to 100 */
  progress: number;
  error: string | null;
}

/** Sends one file; `onProgress` takes the fraction sent (0 to 1), as lib/upload.ts reports it. */
export type UploadFn = (file: File, options: { onProgress: (fraction: number) => void; signal: AbortSignal }) => Promise<unknown>;

/** An error from the upload function that carries an HTTP status and maybe the server's message. */
interface FailedResponse {
  status?: unknown;
  body?: { message?: unknown; errors?: Record<string, unknown> } | null;
}

/** What to say about a failed upload: the server's own field message when it gave one, else Dropzone's text. */
export function failureMessage(error: unknown): string {
  const failed = (typeof error === 'object' && error !== null ? error : {}) as FailedResponse;
  const errors = failed.body?.errors;
  if (errors) {
    for (const messages of Object.values(errors)) {
      if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
    }
  }
  const status = typeof failed.status === 'number' ? failed.status : 0;
  // Status 0 is no answer at all (network down): the upload's own message says more than "0 code".
  if (status === 0 && typeof failed.body?.message === 'string') return failed.body.message;
  return uploadMessages.responseError.replace('{{statusCode}}', String(status));
}

/**
 * Files wait in order and at most `parallel` of them are sent at once. Listeners are told after
 * every change; the snapshot array is replaced each time, so React can use it as external state.
 */
export class UploadQueue {
  private items: UploadItem[] = [];
  private controllers = new Map<number, AbortController>();
  private listeners = new Set<() => void>();
  private nextId = 1;

  constructor(
    private readonly upload: UploadFn,
    private readonly rules: AcceptRules,
    private readonly parallel = DEFAULT_PARALLEL_UPLOADS,
    private readonly onUploaded?: (file: File, result: unknown) => void,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadItem[] => this.items;

  add(files: Iterable<File>): void {
    for (const file of files) {
      const error = rejectionOf(file, this.rules);
      this.items = [...this.items, { id: this.nextId++, file, status: error ? 'error' : 'queued', progress: 0, error }];
    }
    this.emit();
    this.pump();
  }

  cancel(id: number): void {
    const item = this.items.find((i) => i.id === id);
    if (!item || (item.status !== 'queued' && item.status !== 'uploading')) return;
    this.controllers.get(id)?.abort();
    this.patch(id, { status: 'canceled', error: uploadMessages.uploadCanceled });
    this.pump();
  }

  /** Forgets finished, failed and canceled files. */
  clearFinished(): void {
    this.items = this.items.filter((i) => i.status === 'queued' || i.status === 'uploading');
    this.emit();
  }

  private pump(): void {
    let running = this.items.filter((i) => i.status === 'uploading').length;
    for (const item of this.items) {
      if (running >= this.parallel) break;
      if (item.status !== 'queued') continue;
      running++;
      this.start(item);
    }
  }

  private start(item: UploadItem): void {
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    this.patch(item.id, { status: 'uploading' });
    const onProgress = (fraction: number) => {
      if (!controller.signal.aborted) this.patch(item.id, { progress: Math.max(0, Math.min(100, Math.round(fraction * 100))) });
    };
    this.upload(item.file, { onProgress, signal: controller.signal })
      .then(
        (result) => {
          if (controller.signal.aborted) return;
          this.patch(item.id, { status: 'done', progress: 100 });
          this.onUploaded?.(item.file, result);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          this.patch(item.id, { status: 'error', error: failureMessage(error) });
        },
      )
      .finally(() => {
        this.controllers.delete(item.id);
        this.pump();
      });
  }

  private patch(id: number, change: Partial<UploadItem>): void {
    this.items = this.items.map((i) => (i.id === id ? { ...i, ...change } : i));
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
