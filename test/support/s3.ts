/**
 * A local S3-compatible server (s3rver, a dev dependency) on 127.0.0.1 and a free port, with one
 * bucket, for the storage contract tests and the two-copies fault test. Its files live in a
 * temporary folder removed on stop().
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '#server/config/storage-config.ts';

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  config: S3Config;
  /** The variables a site process needs to use this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startLocalS3(bucket = 'bodyshop-test'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: { bucket, endpoint, region: 'us-east-1', forcePathStyle: true, publicUrl: undefined, credentials: S3RVER_CREDENTIALS },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
