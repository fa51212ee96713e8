/**
 * The insurer pack (GET /api/insurance-claims/{matter}/{id}/insurer-pack.zip): one ZIP, streamed
 * as it is written (archiver), for the shop to send to the insurer or their engineer:
 *   estimate.pdf       the estimate (estimates/estimate-pdf.ts), when the work has one
 *   photos/            the quote's damage photos and the job's repair photos, named by when they
 *                      were taken (EXIF DateTimeOriginal, else the upload time), and photos.csv
 *   claim.txt          insurer, claim number, liability, excess, authority, vehicle, customer
 *   stage-history.csv  the stages the job reached and when
 * Everything is read before the first byte leaves (a 404 is still a 404) except the photos'
 * bytes, read one at a time from storage as the archive takes them.
 */
import { stringify } from 'csv-stringify/sync';
import type { Readable } from 'node:stream';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { openPrivatePhotoFile } from '#server/files/private-photos.ts';
import { findQuoteRequest } from '#server/quotes/quote-requests.repository.ts';
import { listQuotePhotos } from '#server/quotes/quote-request-photos.repository.ts';
import { findRepairJob } from '#server/repair-jobs/repair-jobs.repository.ts';
import { findRepairJobOfQuoteRequest } from '#server/repair-jobs/repair-jobs.repository.ts';
import { listRepairPhotos } from '#server/repair-jobs/repair-job-photos.repository.ts';
import { findStageHistory } from '#server/repair-jobs/repair-job-history.repository.ts';
import { formatPence } from '#shared/format/money.ts';
import { formatCalendarDate } from '#shared/format/dates.ts';
import { INSURANCE_MESSAGES, LIABILITY_LABELS, type ClaimMatterInput } from '#shared/schemas/insurance.ts';
import { shopEstimatePdf } from '#server/estimates/estimate-pdf.service.ts';
import { findMatter } from './insurance-claims.service.ts';
import { exifDateTimeOriginal, exifStamp, shopStamp } from './photo-taken-at.ts';

type Deps = Pick<AppDeps, 'db' | 'publicContent' | 'storage' | 'log'>;

export interface InsurerPack {
  filename: string;
  stream: Readable;
}

interface PackPhoto {
  key: string;
  label: string;
  uploadedAt: Date;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const safeName = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-|-$/g, '');

export async function buildInsurerPack(deps: Deps, input: ClaimMatterInput): Promise<InsurerPack> {
  const matter = await findMatter(deps.db, input);
  const claim = matter.claim;
  if (!claim) throw AppError.notFound(INSURANCE_MESSAGES.noClaim);
  const job =
    input.matter === 'repair-jobs' ? await findRepairJob(deps.db, input.id) : await findRepairJobOfQuoteRequest(deps.db, input.id);
  const quoteRequestId = input.matter === 'quote-requests' ? input.id : (job?.quote_request_id ?? null);
  const [request, shop, quotePhotos, repairPhotos, history] = await Promise.all([
    quoteRequestId === null ? undefined : findQuoteRequest(deps.db, quoteRequestId),
    readShop(deps),
    quoteRequestId === null ? [] : listQuotePhotos(deps.db, quoteRequestId),
    job ? listRepairPhotos(deps.db, job.id) : [],
    job ? findStageHistory(deps.db, job.id) : [],
  ]);
  // The estimate when the work has one with lines; a pack without is still a pack.
  const estimate =
    quoteRequestId === null
      ? null
      : await shopEstimatePdf(deps, quoteRequestId).catch((error: unknown) => {
          if (error instanceof AppError && error.httpStatus === 404) return null;
          throw error;
        });

  const photos: PackPhoto[] = [
    ...quotePhotos.map((p, i) => ({
      key: p.large_key,
      label: `Damage photo ${i + 1} (sent with the quote request)`,
      uploadedAt: p.created_at,
    })),
    ...repairPhotos.map((p, i) => ({ key: p.large_key, label: `Repair photo ${i + 1}`, uploadedAt: p.created_at })),
  ];
  const customerName = job?.customer_name ?? request?.name ?? '';
  const vehicle = job?.vehicle ?? request?.vehicle ?? '';
  const registration = job?.registration ?? request?.registration ?? null;
  const tz = shop.timeZone;

  const claimText = [
    `Insurer pack from ${shop.name}`,
    `Reference: ${[request?.reference, job?.reference].filter(Boolean).join(' / ')}`,
    '',
    `Insurer: ${claim.insurer_name}`,
    `Claim number: ${claim.claim_number}`,
    `Liability: ${LIABILITY_LABELS[claim.liability]}`,
    `Excess: ${formatPence(claim.excess_pence)}`,
    `Authority: ${
      claim.authorised_pence === null || claim.authorised_on === null
        ? 'not yet recorded'
        : `${formatPence(claim.authorised_pence)} on ${formatCalendarDate(claim.authorised_on)}`
    }`,
    '',
    `Customer: ${customerName}`,
    `Vehicle: ${vehicle}`,
    `Registration: ${registration ?? 'not given'}`,
    '',
    `Made on ${shopStamp(new Date(), tz)} (${tz})`,
    '',
  ].join('\r\n');

  const stageCsv = stringify(
    history.map((h) => [h.stage_name, shopStamp(h.reached_at, tz)]),
    { header: true, columns: ['stage', 'reached_at'], record_delimiter: 'windows' },
  );

  // archiver is loaded by the first pack made, not by every server start.
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  archive.on('warning', (error: Error) => deps.log.warn({ err: error }, 'insurer pack: a warning from the archive'));
  // How many entries the archive has taken, and a wait until it has taken `count`.
  let taken = 0;
  let waiting: { count: number; resolve: () => void } | null = null;
  archive.on('entry', () => {
    taken += 1;
    if (waiting && taken >= waiting.count) {
      waiting.resolve();
      waiting = null;
    }
  });
  let appended = 0;
  const untilTaken = (count: number) =>
    taken >= count ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { count, resolve }));
  const add = (data: Buffer | string, name: string, date?: Date) => {
    archive.append(data, date ? { name, date } : { name });
    appended += 1;
  };
  if (estimate) add(estimate.bytes, 'estimate.pdf');
  add(claimText, 'claim.txt');
  add(stageCsv, 'stage-history.csv');

  // The photos one at a time: each read whole (its EXIF decides its name), then handed over.
  void (async () => {
    const rows: string[][] = [];
    const used = new Set<string>();
    for (const photo of photos) {
      const opened = await openPrivatePhotoFile(deps.storage, photo.key);
      if (!opened) {
        deps.log.warn({ key: photo.key }, 'insurer pack: a photo file is missing');
        continue;
      }
      const bytes = await readAll(opened.stream);
      const exif = exifDateTimeOriginal(bytes);
      const takenAt = exif ? exifStamp(exif) : shopStamp(photo.uploadedAt, tz);
      const extension = opened.contentType === 'image/jpeg' ? 'jpg' : (opened.contentType?.split('/')[1] ?? 'bin');
      let name = `${takenAt.replace(' ', '_').replaceAll(':', '-')}_${safeName(photo.label.split(' (')[0]!).toLowerCase()}.${extension}`;
      for (let n = 2; used.has(name); n++) name = name.replace(/(\.[a-z]+)$/, `-${n}$1`);
      used.add(name);
      add(bytes, `photos/${name}`, photo.uploadedAt);
      rows.push([`photos/${name}`, takenAt, shopStamp(photo.uploadedAt, tz), photo.label]);
      // Wait for the archive to take it before reading the next one: one photo in memory at a time.
      await untilTaken(appended);
    }
    add(
      stringify(rows, { header: true, columns: ['file', 'taken_at', 'uploaded_at', 'caption'], record_delimiter: 'windows' }),
      'photos/photos.csv',
    );
    await archive.finalize();
  })().catch((error: unknown) => {
    deps.log.error({ err: error }, 'insurer pack: writing the archive failed');
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  const reference = job?.reference ?? request?.reference ?? String(input.id);
  return { filename: `insurer-pack-${safeName(reference)}.zip`, stream: archive };
}
