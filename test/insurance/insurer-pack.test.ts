/**
 * The estimate PDF and the insurer pack, read back: the PDF's text (unpdf) holds the lines and the
 * figures of the money module, VAT only when the shop has a VAT number; the pack (yauzl) holds
 * estimate.pdf (it parses), the photos byte for byte named by their EXIF time or else the upload
 * time, photos.csv, claim.txt and the job's stage history. A technician is refused; the customer
 * downloads their own estimate by its link. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import sharp from 'sharp';
import { unzip } from '#test/support/zip.ts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { TestClient as Client } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { makeJpeg } from '#test/support/factories.ts';
import { mailsTo, pathOf } from '#test/support/mail.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';
import { newPrivatePhotoKeys } from '#server/files/private-photos.ts';
import { shopStamp } from '#server/insurance/photo-taken-at.ts';

let t: TestApp;
let admin: TestClient;
let outbox: string;

beforeAll(async () => {
  t = await createTestApp();
  outbox = path.join(t.dataDir, 'mail');
  admin = (await adminClient(t)).client;
  await admin.csrf();
});
afterAll(async () => {
  await t?.close();
});

const lines = [
  { kind: 'part', description: 'Rear bumper cover', quantity: 1, unit_price_pence: 18500, vat_rate_bp: 2000 },
  { kind: 'labour', description: 'Fit and align bumper', quantity: 250, unit_price_pence: 5500 },
  { kind: 'sundries', description: 'MOT certificate copy', quantity: 1, unit_price_pence: 1250, vat_rate_bp: 0 },
];

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

async function setVat(vat_number: string) {
  const res = await admin.put('/api/estimate-settings', {
    json: { labour_rate_pence: 5500, vat_number, validity_days: 30, terms: 'Parts are non-returnable.' },
  });
  expect(res.status).toBe(200);
}

async function quoteWithEstimate(email: string, send = true) {
  const quote = await insertQuoteRequest(t.deps.db, { email, registration: 'PK19 XYZ' });
  expect((await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { notes: 'Includes disposal.', lines } })).status).toBe(
    200,
  );
  if (send) expect((await admin.post(`/api/quote-requests/${quote.id}/estimate/send`)).status).toBe(201);
  return quote;
}

describe('the estimate PDF', () => {
  it('holds the lines, VAT per line and the totals when the shop has a VAT number; the customer has it by the link', async () => {
    await setVat('GB 123 4567 89');
    const quote = await quoteWithEstimate('pdf1@example.com');
    const res = await admin.get(`/api/quote-requests/${quote.id}/estimate.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="estimate-${quote.reference}.pdf"`);
    const text = await pdfText(res.bytes);
    for (const words of [
      `Estimate ${quote.reference}`,
      'Rear bumper cover',
      'Fit and align bumper',
      '2.5 h',
      'VAT number: GB123456789',
      'Valid until',
    ]) {
      expect(text).toContain(words);
    }
    // The money module's figures, VAT per line: 185.00 + 137.50 + 12.50 net, VAT 37.00 + 27.50 at 20 %, none at 0 %.
    expect(text).toContain('Rear bumper cover 1 £185 20% £37 £185');
    expect(text).toContain('Fit and align bumper 2.5 h £55 20% £27.50 £137.50');
    expect(text).toContain('MOT certificate copy 1 £12.50 0% £0 £12.50');
    expect(text).toContain('Total before VAT £335');
    expect(text).toContain('VAT at 20% on £322.50 £64.50');
    expect(text).toContain('Total including VAT £399.50');

    const link = (await mailsTo(outbox, quote.email)).at(-1)!.links.find((l) => l.includes('/estimate/'))!;
    const token = pathOf(link).split('/').at(-1)!;
    const anon = new Client(t.app);
    const mine = await anon.get(`/api/estimates/${token}/estimate.pdf`);
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(await pdfText(mine.bytes)).toContain('£399.50');
    expect((await anon.get(`/api/estimates/${'x'.repeat(43)}/estimate.pdf`)).status).toBe(404);
    expect((await anon.get(`/api/quote-requests/${quote.id}/estimate.pdf`)).status).toBe(401);
  });

  it('shows no VAT without a VAT number; a request without an estimate is a 404', async () => {
    await setVat('');
    const quote = await quoteWithEstimate('pdf2@example.com', false);
    const text = await pdfText((await admin.get(`/api/quote-requests/${quote.id}/estimate.pdf`)).bytes);
    expect(text).toContain('Draft (not yet sent)');
    expect(text).not.toContain('VAT');
    expect(text).toContain('Rear bumper cover 1 £185 £185');
    expect(text).toContain('Total £335');
    const none = await insertQuoteRequest(t.deps.db);
    expect((await admin.get(`/api/quote-requests/${none.id}/estimate.pdf`)).status).toBe(404);
  });
});

describe('the insurer pack', () => {
  it('has the estimate, the photos with their times, the claim and the stage history', async () => {
    await setVat('GB 123 4567 89');
    const quote = await quoteWithEstimate('pack@example.com');
    const insurer = (await admin.post('/api/insurers', { json: { name: 'Harbour Mutual' } })).body;
    await admin.put(`/api/insurance-claims/quote-requests/${quote.id}`, {
      json: { insurer_id: insurer.id, claim_number: 'HM-2026/0042', liability: 'non_fault', excess_pence: 25000 },
    });
    // A damage photo that carries its EXIF time, as the quote form would have kept it.
    const damage = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
      .webp()
      .withExif({ IFD2: { DateTimeOriginal: '2026:11:28 09:15:42' } })
      .toBuffer();
    const keys = newPrivatePhotoKeys('quote');
    await t.deps.storage.putBuffer(keys.large_key, damage);
    await t.deps.storage.putBuffer(keys.thumb_key, damage);
    await t.deps.db
      .insertInto('quote_request_photos')
      .values({ quote_request_id: quote.id, position: 0, ...keys, large_width: 40, large_height: 30, thumb_width: 40, thumb_height: 30 })
      .execute();

    const job = (
      await admin.post('/api/repair-jobs', {
        json: { quote_request_id: quote.id, agreed_work: 'Bumper replaced.', promised_ready_on: '2026-12-20' },
      })
    ).body;
    const uploaded = await admin.post(`/api/repair-jobs/${job.id}/photos`, {
      multipart: { photos: [{ filename: 'after.jpg', contentType: 'image/jpeg', data: await makeJpeg(60, 40) }] },
    });
    expect(uploaded.status).toBe(201);
    const stage = async (name: string) =>
      (await t.deps.db.selectFrom('repair_stages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    await admin.post(`/api/repair-jobs/${job.id}/stage`, { json: { stage_id: await stage('Awaiting insurer authority') } });

    const res = await admin.get(`/api/insurance-claims/repair-jobs/${job.id}/insurer-pack.zip`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="insurer-pack-${job.reference}.zip"`);
    const entries = await unzip(res.bytes);
    const names = [...entries.keys()];
    expect(names).toEqual(expect.arrayContaining(['estimate.pdf', 'claim.txt', 'stage-history.csv', 'photos/photos.csv']));
    expect(await pdfText(entries.get('estimate.pdf')!)).toContain('£399.50');

    expect(entries.get('photos/2026-11-28_09-15-42_damage-photo-1.webp')).toEqual(damage);
    const repairRow = await t.deps.db
      .selectFrom('repair_job_photos')
      .selectAll()
      .where('repair_job_id', '=', job.id)
      .executeTakeFirstOrThrow();
    const uploadedStamp = shopStamp(repairRow.created_at, 'Europe/London');
    const repairName = `photos/${uploadedStamp.replace(' ', '_').replaceAll(':', '-')}_repair-photo-1.webp`;
    expect(entries.get(repairName)).toEqual(await t.deps.storage.read(repairRow.large_key));

    const csv = entries.get('photos/photos.csv')!.toString('utf8').trim().split('\r\n');
    expect(csv[0]).toBe('file,taken_at,uploaded_at,caption');
    expect(csv[1]).toMatch(
      /^photos\/2026-11-28_09-15-42_damage-photo-1\.webp,2026-11-28 09:15:42,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,Damage photo 1 \(sent with the quote request\)$/,
    );
    expect(csv[2]).toBe(`${repairName},${uploadedStamp},${uploadedStamp},Repair photo 1`);

    const claim = entries.get('claim.txt')!.toString('utf8');
    for (const words of [
      'Insurer: Harbour Mutual',
      'Claim number: HM-2026/0042',
      'Liability: Non-fault',
      'Excess: £250',
      'Authority: not yet recorded',
      'Customer: Jo Customer',
      'Vehicle: Ford Focus 2018',
      'Registration: PK19 XYZ',
    ]) {
      expect(claim).toContain(words);
    }
    const history = entries.get('stage-history.csv')!.toString('utf8').trim().split('\r\n');
    expect(history[0]).toBe('stage,reached_at');
    expect(history.slice(1).map((r) => r.split(',')[0])).toEqual(['Booked in', 'Awaiting insurer authority']);

    // The quote's pack is the same work's.
    const ofQuote = await admin.get(`/api/insurance-claims/quote-requests/${quote.id}/insurer-pack.zip`);
    expect([...(await unzip(ofQuote.bytes)).keys()]).toEqual(expect.arrayContaining(['estimate.pdf', repairName]));
  });

  it('is a 404 for work that is not insured; a technician is refused', async () => {
    const plain = await insertQuoteRequest(t.deps.db);
    expect((await admin.get(`/api/insurance-claims/quote-requests/${plain.id}/insurer-pack.zip`)).status).toBe(404);
    expect((await admin.get('/api/insurance-claims/repair-jobs/999999/insurer-pack.zip')).status).toBe(404);
    const { client } = await clientAs(t, { staff_role: 'technician' });
    expect((await client.get(`/api/insurance-claims/quote-requests/${plain.id}/insurer-pack.zip`)).status).toBe(403);
    expect((await client.get(`/api/quote-requests/${plain.id}/estimate.pdf`)).status).toBe(403);
  });
});
