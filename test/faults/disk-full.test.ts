/**
 * The disk full during an upload. The server's files (DATA_DIR/files, and DATA_DIR/tmp where
 * uploads stream first) live on a small tmpfs of their own; the database stays on the big disk.
 * A gallery image is uploaded when the disk cannot hold it, twice: once full before the upload
 * has streamed in, once with room for the upload but not for its resized variants; then a CV on a
 * full disk. Each time the user gets a clear 507 `{"message"}`, no file is left behind (the tree is
 * exactly as before, the temporary folder empty), no row points at a missing file, and the site
 * keeps serving; with room again the same upload succeeds. Mounting needs root: without it the test says so and is skipped.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, statfsSync, writeFileSync, cpSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ERROR_MESSAGES } from '#shared/errors.ts';
import { ApiClient } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';

const run = promisify(execFile);
type Server = Awaited<ReturnType<typeof startServer>>;

const notRoot = process.getuid?.() === 0 ? null : 'mounting a small file system needs root (CI runs as root)';
let mountPoint: string | undefined;
let mounted = false;
let server: Server | undefined;

/** Every file under `dir`, relative path → size. */
function tree(dir: string, prefix = ''): Map<string, number> {
  const files = new Map<string, number>();
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) for (const [file, size] of tree(dir, relative)) files.set(file, size);
    else files.set(relative, statSync(path.join(dir, relative)).size);
  }
  return files;
}

function freeBytes(dir: string): number {
  const info = statfsSync(dir);
  return info.bavail * info.bsize;
}

/** Leaves exactly `bytes` free on the small disk (a file outside the site's folders takes the rest). */
function leaveFree(bytes: number): void {
  const filler = path.join(mountPoint!, 'filler');
  rmSync(filler, { force: true });
  writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(mountPoint!) - bytes)));
}

beforeAll(async () => {
  if (notRoot) return;
  const appRoot = inject('e2eAppRoot');
  const first = await startServer({ appRoot, template: inject('e2eTemplate'), keepData: true });
  await first.stop();
  // The seeded files plus 24 MiB: room for the filler to tune, never for the site's database.
  const used = [...tree(path.join(first.dataDir, 'files')).values()].reduce((sum, size) => sum + Math.ceil(size / 4096) * 4096, 0);
  mountPoint = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-faults-disk-'));
  await run('mount', ['-t', 'tmpfs', '-o', `size=${used + 24 * 1024 * 1024},mode=0755`, 'tmpfs', mountPoint]);
  mounted = true;
  cpSync(path.join(first.dataDir, 'files'), path.join(mountPoint, 'files'), { recursive: true });
  mkdirSync(path.join(mountPoint, 'tmp'));
  for (const folder of ['files', 'tmp']) {
    rmSync(path.join(first.dataDir, folder), { recursive: true, force: true });
    symlinkSync(path.join(mountPoint, folder), path.join(first.dataDir, folder), 'dir');
  }
  server = await startServer({ appRoot, restartOf: first });
});

afterAll(async () => {
  await server?.stop();
  if (mounted) await run('umount', [mountPoint!]).catch(() => run('umount', ['-l', mountPoint!]));
  if (mountPoint) rmSync(mountPoint, { recursive: true, force: true });
});

async function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
}

function upload(admin: ApiClient, galleryId: number, png: Buffer) {
  const form = new FormData();
  form.append('gallery_id', String(galleryId));
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'noise.png');
  return admin.request('POST', '/api/galleriesimages', form);
}

test(
  'an upload that fills the disk: a 507 with a clear message, nothing half-written, no row without its file, the site keeps serving',
  { timeout: 120_000 },
  async (context) => {
    if (notRoot) {
      console.log(`disk full: skipped, ${notRoot}`);
      context.skip();
    }
    const site = server!;
    const admin = new ApiClient(site.baseUrl);
    await admin.login(site.adminEmail, site.adminPassword);
    const galleryId = (await admin.expect('POST', '/api/galleries', [201], { name: 'Disk full' })).body.id as number;
    const png = await noisePng(1000, 1000);
    const filesDir = path.join(mountPoint!, 'files');
    const outcomes: string[] = [];

    const scenarios = [
      { name: 'full while the upload streams in', free: 256 * 1024 },
      { name: 'room for the upload, not for its variants', free: png.length + 64 * 1024 },
    ];
    for (const scenario of scenarios) {
      const before = tree(filesDir);
      leaveFree(scenario.free);
      const response = await upload(admin, galleryId, png);
      outcomes.push(
        `${scenario.name} (${Math.round(scenario.free / 1024)} KiB free, ${Math.round(png.length / 1024)} KiB upload): ${response.status} ${response.text}`,
      );
      expect(response.status, scenario.name).toBe(507);
      expect(response.body, scenario.name).toEqual({ message: ERROR_MESSAGES.insufficientStorage });
      // Nothing of the upload stays: the store is file for file as before, the temporary folder empty.
      expect(tree(filesDir), scenario.name).toEqual(before);
      expect(readdirSync(path.join(mountPoint!, 'tmp')), scenario.name).toEqual([]);
      expect((await admin.expect('GET', `/api/galleries/${galleryId}`, [200])).body.images, scenario.name).toEqual([]);
      // The site keeps serving, public reads and signed-in ones.
      for (const url of ['/healthz', '/', '/api/widgets/HomeText1', '/api/testimonials?page=0']) {
        expect((await fetch(`${site.baseUrl}${url}`)).status, `${scenario.name}: ${url}`).toBe(200);
      }
      expect((await admin.request('GET', '/api/user')).status).toBe(200);
    }

    // A CV (streamed to the temporary folder, then moved into the store) on a full disk: the same
    // 507, nothing kept, the profile as it was.
    {
      const profileBefore = (await admin.expect('GET', '/api/user', [200])).body.data as Record<string, unknown>;
      const before = tree(filesDir);
      leaveFree(256 * 1024);
      const cv = Buffer.alloc(1024 * 1024, 'Panel beater, ten years of experience. ');
      const form = new FormData();
      for (const field of ['firstname', 'lastname', 'email'] as const) form.append(field, String(profileBefore[field]));
      form.append('cvfile', new Blob([new Uint8Array(cv)], { type: 'text/plain' }), 'cv.txt');
      const response = await admin.request('POST', '/api/user', form);
      outcomes.push(`a 1 MiB CV with 256 KiB free: ${response.status}`);
      expect(response.status, response.text).toBe(507);
      expect(response.body).toEqual({ message: ERROR_MESSAGES.insufficientStorage });
      expect(tree(filesDir)).toEqual(before);
      expect(readdirSync(path.join(mountPoint!, 'tmp'))).toEqual([]);
      expect((await admin.expect('GET', '/api/user', [200])).body.data).toEqual(profileBefore);
    }

    // With room again the same upload is stored, and every image any gallery shows has its files.
    rmSync(path.join(mountPoint!, 'filler'), { force: true });
    const stored = await upload(admin, galleryId, png);
    outcomes.push(`with room again: ${stored.status}`);
    expect(stored.status, stored.text).toBe(201);
    const galleries = (await admin.expect('GET', '/api/galleries?limit=100', [200])).body.results as { id: number }[];
    let images = 0;
    for (const { id } of galleries) {
      for (const image of (await admin.expect('GET', `/api/galleries/${id}`, [200])).body.images as { image_url: string }[]) {
        images++;
        expect((await fetch(new URL(image.image_url, site.baseUrl))).status, image.image_url).toBe(200);
      }
    }
    expect(images).toBeGreaterThan(0);
    console.log(`disk full: ${outcomes.join('; ')}; ${images} gallery images afterwards, all files present`);
  },
);
