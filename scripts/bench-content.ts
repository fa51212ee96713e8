/**
 * Content benchmarks (run: npx tsx scripts/bench-content.ts). Prints the median time of
 * GET /api/widgets/{name} and GET /api/galleries/{id} (20 images) under app.inject on PGlite, the
 * time to upload and process a noisy 12-megapixel JPEG, and the peak RSS growth while a 200 MB
 * multipart upload streams through a real listening server (RSS sampled every 20 ms).
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { createTestApp } from '#test/support/app.ts';
import { TestClient, buildMultipart } from '#test/support/client.ts';
import { actingAs, createAdmin, createGallery, createWidget } from '#test/support/factories.ts';

/** Streams the multipart body (prefix, photo, zero padding, suffix) with backpressure. */
const CLIENT_SOURCE = `
const http = require('node:http');
const e = process.env;
const before = Buffer.from(e.BENCH_BEFORE, 'base64'), head = require('node:fs').readFileSync(e.BENCH_HEAD_FILE), after = Buffer.from(e.BENCH_AFTER, 'base64');
let left = Number(e.BENCH_PADDING);
const req = http.request({ host: '127.0.0.1', port: Number(e.BENCH_PORT), method: 'POST', path: '/api/galleriesimages',
  headers: { 'content-type': e.BENCH_TYPE, 'content-length': String(before.length + head.length + left + after.length),
    accept: 'application/json', cookie: e.BENCH_COOKIE, 'x-xsrf-token': e.BENCH_XSRF } },
  (res) => { res.resume(); res.on('end', () => console.log(res.statusCode)); });
const chunk = Buffer.alloc(1024 * 1024, 0);
const more = () => {
  while (left > 0) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= piece.length;
    if (!req.write(piece)) return void req.once('drain', more);
  }
  req.end(after);
};
req.write(before); req.write(head); more();
`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function timeRequests(client: TestClient, url: string, runs: number): Promise<number> {
  for (let i = 0; i < 20; i++) await client.get(url);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await client.get(url);
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  }
  return median(times);
}

const noisyJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

async function main() {
  const t = await createTestApp();
  try {
    const admin = await createAdmin(t.deps.db);
    const client = new TestClient(t.app);
    await actingAs(t, client, admin.id);
    await createWidget(t.deps.db, { name: 'HomeText1', html: '<p>Welcome to the body shop.</p>'.repeat(10) });
    const { gallery } = await createGallery(t.deps.db, t.deps.storage, { imageCount: 20 });
    const anon = new TestClient(t.app);

    const widgetMs = await timeRequests(anon, '/api/widgets/HomeText1', 300);
    const galleryMs = await timeRequests(anon, `/api/galleries/${gallery.id}`, 300);
    console.log(`GET /api/widgets/{name}: median ${widgetMs.toFixed(2)} ms (app.inject, PGlite)`);
    console.log(`GET /api/galleries/{id} with 20 images: median ${galleryMs.toFixed(2)} ms (app.inject, PGlite)`);

    // 200 MB: a real photo followed by padding (JPEG decoders stop at the end-of-image marker),
    // so the whole path runs: stream to disk, type check, hash, decode, store.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const head = await noisyJpeg(1600, 1200);
    const total = 200 * 1024 * 1024;
    const padding = total - head.length;
    const { payload: envelope, contentType } = buildMultipart({
      gallery_id: String(gallery.id),
      file: { filename: 'big.jpg', data: Buffer.from('@@FILE@@') },
    });
    const marker = envelope.indexOf('@@FILE@@');
    const before = envelope.subarray(0, marker);
    const after = envelope.subarray(marker + '@@FILE@@'.length);
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = decodeURIComponent(client.jar.get('XSRF-TOKEN')!);

    global.gc?.();
    await new Promise((r) => setTimeout(r, 200));
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const bigStarted = performance.now();
    const headFile = t.deps.storage.newTempPath('.jpg');
    await writeFile(headFile, head);
    // The client runs in its own process, so only the server's memory is measured here.
    const status = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', CLIENT_SOURCE], {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          ...process.env,
          BENCH_PORT: String(port),
          BENCH_TYPE: contentType,
          BENCH_COOKIE: cookie,
          BENCH_XSRF: xsrf,
          BENCH_BEFORE: before.toString('base64'),
          BENCH_HEAD_FILE: headFile,
          BENCH_AFTER: after.toString('base64'),
          BENCH_PADDING: String(padding),
        },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('exit', () => resolve(Number(out.trim())));
    });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `200 MB multipart upload: status ${status}, ${(performance.now() - bigStarted).toFixed(0)} ms, peak RSS growth ${((peak - baseline) / 1024 / 1024).toFixed(1)} MB (baseline ${(baseline / 1024 / 1024).toFixed(0)} MB)`,
    );

    // After the 200 MB run, so the big decode's memory does not inflate that run's baseline.
    const photo = await noisyJpeg(4000, 3000);
    const started = performance.now();
    const upload = await client.post('/api/galleriesimages', {
      multipart: { gallery_id: String(gallery.id), file: { filename: 'photo.jpg', data: photo } },
    });
    const uploadMs = performance.now() - started;
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${upload.text}`);
    console.log(`Upload + process 12 MP noisy JPEG (${(photo.length / 1e6).toFixed(1)} MB): ${uploadMs.toFixed(0)} ms`);
  } finally {
    await t.close();
  }
}

await main();
