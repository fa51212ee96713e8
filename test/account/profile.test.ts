// docs/rest-contract.md "Session": POST /api/user (profile with date of birth and CV), including the 413.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, callerFor, createUser, makePng } from '#test/support/factories.ts';
import { mailsTo } from '#test/support/mail.ts';
import { makeDocx, makeOdt, makeZip } from '#test/support/zip.ts';
import { CV_MAX_BYTES } from '#shared/limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TOO_LARGE = 'The file you have uploaded is too large. Max 12MB.';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const RTF = Buffer.from('{\\rtf1\\ansi Panel beater and sprayer.}');

async function cvFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(t.dataDir, 'files', 'private', 'cv'));
  } catch {
    return [];
  }
}

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.deps.db, overrides);
  const client = new TestClient(t.app);
  await actingAs(t, client, user.id);
  return { user, client };
}

const fieldsOf = (user: { firstname: string; lastname: string; email: string }) => ({
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
});

function cvRow(id: number) {
  return t.deps.db
    .selectFrom('users')
    .select(['cv_file_key', 'cv_original_name', 'cv_mime_type', 'cv_size', 'firstname', 'dob', 'telephone', 'email_verified_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('POST /api/user', () => {
  it('saves the details and date of birth and answers {data: User}', async () => {
    const { user, client } = await signedIn();
    const res = await client.post('/api/user', {
      multipart: { firstname: 'Nora', lastname: 'Panel', email: user.email, telephone: '01234 567890', day: '7', month: '3', year: '1990' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.id,
      firstname: 'Nora',
      lastname: 'Panel',
      telephone: '01234 567890',
      dob: { day: 7, month: 3, year: 1990 },
      has_cv: false,
    });
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'id',
        'firstname',
        'lastname',
        'email',
        'telephone',
        'role',
        'skills',
        'dob',
        'has_cv',
        'email_verified_at',
        'two_factor',
        'created_at',
      ].sort(),
    );
    // All three parts empty: no date.
    const cleared = await client.post('/api/user', { multipart: { ...fieldsOf(res.body.data), day: '', month: '', year: '' } });
    expect(cleared.body.data.dob).toBeNull();
  });

  it('answers 422 on day/month/year for impossible, partial or future dates', async () => {
    const { user, client } = await signedIn();
    const base = fieldsOf(user);
    const feb30 = await client.post('/api/user', { multipart: { ...base, day: '30', month: '2', year: '1990' } });
    expect(feb30.status).toBe(422);
    expect(feb30.body.errors).toEqual({ day: ['The date of birth is not a real date.'] });
    const future = await client.post('/api/user', {
      multipart: { ...base, day: '1', month: '1', year: String(new Date().getFullYear() + 1) },
    });
    expect(Object.keys(future.body.errors)).toEqual(['year']);
    const partial = await client.post('/api/user', { multipart: { ...base, day: '12', month: '', year: 'abc' } });
    expect(partial.body.errors).toEqual({
      month: ['The month field is required when a date of birth is given.'],
      year: ['The year field must be an integer.'],
    });
    const range = await client.post('/api/user', { multipart: { ...base, day: '0', month: '13', year: '1990' } });
    expect(range.body.errors).toEqual({
      day: ['The day field must be between 1 and 31.'],
      month: ['The month field must be between 1 and 12.'],
    });
    expect((await cvRow(user.id)).dob).toBeNull();
  });

  it('answers 422 per field for names and a taken e-mail', async () => {
    const other = await createUser(t.deps.db);
    const { client } = await signedIn();
    const res = await client.post('/api/user', {
      multipart: { firstname: '', lastname: 'x'.repeat(101), email: other.email.toUpperCase() },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      firstname: ['The firstname field is required.'],
      lastname: ['The lastname field must not be greater than 100 characters.'],
      email: ['The email has already been taken.'],
    });
    expect(res.body.message).toBe('The firstname field is required. (and 2 more errors)');
    const taken = await client.post('/api/user', { multipart: { firstname: 'A', lastname: 'B', email: other.email.toUpperCase() } });
    expect(taken.body).toEqual({ message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } });
  });

  it("lists another account's e-mail with the other messages in one 422 (JSON, multipart and tRPC)", async () => {
    const other = await createUser(t.deps.db);
    const { user, client } = await signedIn();
    const fields = { firstname: 'Nora', lastname: 'Panel', email: other.email.toUpperCase(), telephone: '0'.repeat(41) };
    const fieldErrors = {
      email: ['The email has already been taken.'],
      telephone: ['The telephone field must not be greater than 40 characters.'],
    };
    for (const body of [{ json: fields }, { multipart: fields }]) {
      const res = await client.post('/api/user', body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: 'The email has already been taken. (and 1 more error)', errors: fieldErrors });
    }
    const caller = await callerFor(t, user.id);
    const error = await caller.session.updateProfile(fields).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', cause: { code: 'VALIDATION', fieldErrors } });
    // The user's own address (any case) is not "taken".
    const own = await client.post('/api/user', { json: { ...fields, email: user.email.toUpperCase() } });
    expect(own.body.errors).toEqual({ telephone: fieldErrors.telephone });
    expect((await t.deps.db.selectFrom('users').select('firstname').where('id', '=', user.id).executeTakeFirstOrThrow()).firstname).toBe(
      user.firstname,
    );
  });

  it('stores CVs decided by their bytes (PDF, RTF, text) and deletes the previous file', async () => {
    const { user, client } = await signedIn();
    const pdf = await client.post('/api/user', {
      multipart: { ...fieldsOf(user), cvfile: { filename: 'My CV.pdf', contentType: 'application/pdf', data: PDF } },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.body.data.has_cv).toBe(true);
    const first = await cvRow(user.id);
    expect(first).toMatchObject({ cv_mime_type: 'application/pdf', cv_original_name: 'My CV.pdf', cv_size: PDF.length });
    expect(first.cv_file_key).toMatch(/^private\/cv\/[0-9a-f]{32}\.pdf$/);
    expect(await cvFiles()).toContain(path.basename(first.cv_file_key!));

    // Named .pdf but RTF inside: the bytes decide.
    const rtf = await client.post('/api/user', {
      multipart: { ...fieldsOf(user), cvfile: { filename: 'cv.pdf', contentType: 'application/pdf', data: RTF } },
    });
    expect(rtf.status).toBe(200);
    const second = await cvRow(user.id);
    expect(second.cv_mime_type).toBe('application/rtf');
    expect(second.cv_file_key).toMatch(/\.rtf$/);
    const files = await cvFiles();
    expect(files).toContain(path.basename(second.cv_file_key!));
    expect(files).not.toContain(path.basename(first.cv_file_key!));

    const text = await client.post('/api/user', {
      multipart: { ...fieldsOf(user), cvfile: { filename: 'cv.txt', data: Buffer.from('Café owner, 5 years of spraying.\n') } },
    });
    expect(text.status).toBe(200);
    expect((await cvRow(user.id)).cv_mime_type).toBe('text/plain');
    // CVs are never under the public media folder.
    expect((await client.get(`/media/${path.basename((await cvRow(user.id)).cv_file_key!)}`)).status).toBe(404);
  });

  it('accepts Word (docx) and OpenDocument text, and refuses any other zip', async () => {
    const { user, client } = await signedIn();
    const docx = await client.post('/api/user', { multipart: { ...fieldsOf(user), cvfile: { filename: 'cv.docx', data: makeDocx() } } });
    expect(docx.status).toBe(200);
    expect((await cvRow(user.id)).cv_mime_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const odt = await client.post('/api/user', { multipart: { ...fieldsOf(user), cvfile: { filename: 'cv.odt', data: makeOdt() } } });
    expect(odt.status).toBe(200);
    expect((await cvRow(user.id)).cv_file_key).toMatch(/\.odt$/);
    const zip = await client.post('/api/user', {
      multipart: { ...fieldsOf(user), cvfile: { filename: 'cv.docx', data: makeZip([{ name: 'a.txt', data: 'hello' }]) } },
    });
    expect(zip.status).toBe(422);
    expect(Object.keys(zip.body.errors)).toEqual(['cvfile']);
  });

  it('answers 422 on cvfile for an image, a binary or invalid UTF-8, keeping the old CV', async () => {
    const { user, client } = await signedIn();
    await client.post('/api/user', { multipart: { ...fieldsOf(user), cvfile: { filename: 'cv.pdf', data: PDF } } });
    const before = await cvRow(user.id);
    for (const data of [await makePng(), Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x21])]) {
      const res = await client.post('/api/user', {
        multipart: { ...fieldsOf(user), firstname: 'Changed', cvfile: { filename: 'cv.pdf', contentType: 'application/pdf', data } },
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: 'The cvfile field must be a file of type: pdf, doc, docx, odt, rtf, txt.',
        errors: { cvfile: ['The cvfile field must be a file of type: pdf, doc, docx, odt, rtf, txt.'] },
      });
    }
    expect(await cvRow(user.id)).toEqual(before);
    expect(await readdir(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('refuses a CV over 12 MB with the exact 413 and stores nothing', async () => {
    const { user, client } = await signedIn();
    const before = await cvRow(user.id);
    const filesBefore = await cvFiles();
    const big = Buffer.alloc(CV_MAX_BYTES + 1, 0x61);
    const res = await client.post('/api/user', {
      multipart: { ...fieldsOf(user), firstname: 'Changed', cvfile: { filename: 'big.txt', contentType: 'text/plain', data: big } },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: TOO_LARGE, errors: { cvfile: [TOO_LARGE] } });
    expect(await cvRow(user.id)).toEqual(before);
    expect(await cvFiles()).toEqual(filesBefore);
    expect(await readdir(path.join(t.dataDir, 'tmp'))).toEqual([]);
    // Exactly 12 MB is accepted.
    const exact = await client.post('/api/user', {
      multipart: { ...fieldsOf(user), cvfile: { filename: 'max.txt', data: Buffer.alloc(CV_MAX_BYTES, 0x61) } },
    });
    expect(exact.status).toBe(200);
  });

  it('refuses an oversized CV at registration with the 413 and creates no account', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/api/register', {
      multipart: {
        firstname: 'Big',
        lastname: 'File',
        email: 'bigfile@example.test',
        password: 'long-enough',
        password_confirmation: 'long-enough',
        cvfile: { filename: 'cv.txt', data: Buffer.alloc(CV_MAX_BYTES + 1, 0x61) },
      },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: TOO_LARGE, errors: { cvfile: [TOO_LARGE] } });
    expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', 'bigfile@example.test').executeTakeFirst()).toBeUndefined();
  });

  it('a changed e-mail becomes unverified and gets a new link', async () => {
    const { user, client } = await signedIn();
    const res = await client.post('/api/user', { json: { ...fieldsOf(user), email: 'New.Address@example.test' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'new.address@example.test', email_verified_at: null });
    // The new address gets the verification link and the security e-mail about the change, in either order.
    const mails = await mailsTo(t.deps.mailer.outboxDir!, 'new.address@example.test');
    const mail = mails.find((m) => m.links[0]?.includes('/email/verify/'));
    expect(mail!.links[0]).toContain(`/email/verify/${user.id}/`);
    expect((await client.get(new URL(mail!.links[0]!).pathname + new URL(mail!.links[0]!).search)).status).toBe(204);
    expect((await cvRow(user.id)).email_verified_at).not.toBeNull();
  });

  it('answers 401 to a guest before reading the body', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/api/user', { multipart: { firstname: 'A', cvfile: { filename: 'x.txt', data: Buffer.from('x') } } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('session.updateProfile through tRPC', async () => {
    const user = await createUser(t.deps.db);
    const caller = await callerFor(t, user.id);
    const result = await caller.session.updateProfile({
      firstname: 'Via',
      lastname: 'Trpc',
      email: user.email,
      telephone: null,
      day: 1,
      month: 2,
      year: 1980,
    });
    expect(result.data).toMatchObject({ firstname: 'Via', dob: { day: 1, month: 2, year: 1980 } });
    await expect(
      caller.session.updateProfile({ firstname: 'Via', lastname: 'Trpc', email: user.email, day: 31, month: 4, year: 1980 }),
    ).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
    });
  });
});
