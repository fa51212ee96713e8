/** Uploaded files: DATA_DIR/files, or an S3-compatible bucket when S3_BUCKET is set. */
import { z } from 'zod';
import { httpUrl, onOff, variable } from './env-values.ts';

export const storageVariables = z.object({
  S3_BUCKET: variable(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)')
      .optional(),
  ),
  S3_ENDPOINT: variable(httpUrl().optional()),
  S3_REGION: variable(z.string().min(1).default('us-east-1')),
  S3_FORCE_PATH_STYLE: onOff,
  S3_PUBLIC_URL: variable(httpUrl().optional()),
  AWS_ACCESS_KEY_ID: variable(z.string().min(1).optional()),
  AWS_SECRET_ACCESS_KEY: variable(z.string().min(1).optional()),
});

export function storageConfig(e: z.output<typeof storageVariables>, ctx: z.core.$RefinementCtx) {
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    const missing = e.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together' });
  }
  return {
    /** Object storage for uploaded files (S3_BUCKET); undefined keeps them in DATA_DIR/files. */
    s3: e.S3_BUCKET ? bucketConfig(e, e.S3_BUCKET) : undefined,
  };
}

function bucketConfig(e: z.output<typeof storageVariables>, bucket: string) {
  return {
    bucket,
    /** An S3-compatible server's URL; undefined for AWS itself. */
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    /** Where the bucket's public objects can be fetched directly: /media redirects there when set. */
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    /** Both or neither; neither leaves the SDK's own credential chain (instance roles). */
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
        : undefined,
  };
}

export type S3Config = ReturnType<typeof bucketConfig>;
