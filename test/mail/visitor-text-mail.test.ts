/**
 * A stranger can type someone else's address into the booking or quote form, with an advert as
 * their name, vehicle or location, and have the shop mail it. So a mail to an address nobody has
 * proved (a guest's, or a signed-in account's that is not verified) carries no link the visitor
 * typed and only a short echo of their text (mail/visitor-text.ts); an account's verified address
 * gets its own words back. Sent through the real SMTP listener; both engines (TEST_DATABASE_URL).
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { clientAs } from '#test/support/content.ts';
import { startSmtpListener, type SmtpListener } from '#test/support/smtp.ts';
import { queueMails } from '#server/mail/outgoing-mail.ts';
import { localMoment } from '#shared/opening-status.ts';
import { addDays } from '#shared/calendar-date.ts';

const LINK = 'http://spam.example/x';
const BARE = 'www.spam.example';
/** Filler up to a field's limit: the echo must be short whatever the visitor sends. */
const pad = (text: string, length: number) => `${text} ${'Cheap pills for sale '.repeat(30)}`.slice(0, length);
const spam = {
  name: pad(`Spammer ${LINK} ${BARE}`, 100),
  vehicle: pad(`Ford ${BARE} ${LINK}`, 120),
  registration: 'spam.example',
  location: pad(`Porthaven marina ${LINK} <a href="${LINK}">berth</a> ${BARE}`, 200),
  description: pad(`Dent in the door. Visit ${LINK} or ${BARE} today.`, 500),
};

let t: TestApp;
let smtp: SmtpListener;
let onSiteType: number;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1' });
  const types = await t.deps.db.selectFrom('booking_types').select(['id', 'asks_location']).orderBy('position').execute();
  onSiteType = types.find((type) => type.asks_location)!.id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

let lastAddress = 0;
const nextAddress = () => `10.77.0.${++lastAddress}`;

const recipientOf = (m: ParsedMail) => (Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '')).toLowerCase();
function mailTo(address: string, subject: RegExp): ParsedMail {
  const found = smtp.messages.filter((m) => recipientOf(m).includes(address.toLowerCase()) && subject.test(m.subject ?? ''));
  expect(found, `one mail to ${address} matching ${subject}`).toHaveLength(1);
  return found[0]!;
}

/** The whole of a message as a mail client gets it: subject, text, HTML and attached files. */
const everything = (m: ParsedMail) =>
  [m.subject ?? '', m.text ?? '', typeof m.html === 'string' ? m.html : '', ...m.attachments.map((a) => a.content.toString('utf8'))].join(
    '\n',
  );

/** No link, tag or domain the visitor typed; the only links are the site's own. */
function expectNoVisitorLinks(m: ParsedMail) {
  const all = everything(m);
  expect(all).not.toMatch(/spam\.example/i);
  // Filler longer than an echo: at most a short piece of it comes back.
  expect(all).not.toContain('Cheap pills for sale '.repeat(3));
  for (const link of all.match(/https?:\/\/[^\s"'<>]+/g) ?? []) expect(link).toMatch(/^http:\/\/localhost:3000\//);
  expect(typeof m.html === 'string' ? m.html : '').not.toMatch(/<a [^>]*href="(?!http:\/\/localhost:3000\/)/);
}

async function firstFreeSlot(typeId: number): Promise<string> {
  const today = localMoment(new Date(), 'Europe/London').date;
  const res = await new TestClient(t.app).get(`/api/booking-types/${typeId}/availability`, {
    // Days ahead, past the change cut-off, so the test's cancellation is allowed at any hour it runs.
    query: { from: addDays(today, 3), to: addDays(today, 23) },
  });
  expect(res.status).toBe(200);
  const days = res.body.days as { slots: { starts_at: string; free: number }[] }[];
  return days.flatMap((d) => d.slots).find((s) => s.free > 0)!.starts_at;
}

async function book(client: TestClient, email: string) {
  if (!client.cookie('XSRF-TOKEN')) await client.csrf();
  const fields = { ...spam, email, telephone: '07700 900123', booking_type_id: onSiteType, starts_at: await firstFreeSlot(onSiteType) };
  const res = await client.post('/api/bookings', { json: fields, headers: { 'x-forwarded-for': nextAddress() } });
  expect(res.status, res.text).toBe(201);
  return res.body as { reference: string; manage_token: string };
}

async function askForQuote(client: TestClient, email: string) {
  if (!client.cookie('XSRF-TOKEN')) await client.csrf();
  const { location: _location, ...fields } = spam;
  const res = await client.post('/api/quote-requests', {
    multipart: { ...fields, email, telephone: '07700 900123', preferred_contact: 'email', consent: '1' },
    headers: { 'x-forwarded-for': nextAddress() },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { reference: string };
}

describe('mail to an address nobody has proved', () => {
  it("a guest's booking: the confirmation, its calendar file, a reminder and the cancellation carry no link and a short echo", async () => {
    const email = 'booking-victim@example.test';
    const booking = await book(new TestClient(t.app), email);
    const confirmation = mailTo(email, /^Your booking .* is confirmed/);
    expectNoVisitorLinks(confirmation);
    expect(confirmation.text).toContain('Hello Spammer,');
    const vehicle = /^Vehicle: (.*)$/m.exec(confirmation.text ?? '')![1]!;
    expect(vehicle.length).toBeLessThanOrEqual(40);
    expect(vehicle).toMatch(/^Ford /);
    const where = /^Where: (.*)$/m.exec(confirmation.text ?? '')![1]!;
    expect(where).toMatch(/^Porthaven marina/);
    expect(where.length).toBeLessThanOrEqual(80);
    expect(confirmation.attachments).toHaveLength(1);

    // The reminder goes by itself the day before: the same rule.
    const row = await t.deps.db.selectFrom('bookings').select('id').where('reference', '=', booking.reference).executeTakeFirstOrThrow();
    await queueMails(t.deps, [{ kind: 'booking-reminder', to: email, params: { bookingId: row.id, morning: false } }]);
    await t.drainJobs();
    const reminder = mailTo(email, /^Reminder: your booking/);
    expectNoVisitorLinks(reminder);
    expect(reminder.text).toContain('Hello Spammer,');

    const holder = new TestClient(t.app);
    await holder.csrf();
    const cancel = await holder.post(`/api/bookings/manage/${booking.manage_token}/cancel`, { json: {} });
    expect(cancel.status, cancel.text).toBe(200);
    const cancelled = mailTo(email, /^Your booking .* is cancelled/);
    expectNoVisitorLinks(cancelled);
    expect(cancelled.text).toContain('Hello Spammer,');
  });

  it("a guest's quote request: the confirmation carries no link and only the first name; the shop's copy keeps every word", async () => {
    const email = 'quote-victim@example.test';
    await askForQuote(new TestClient(t.app), email);
    const confirmation = mailTo(email, /^We received your quote request/);
    expectNoVisitorLinks(confirmation);
    expect(confirmation.text).toContain('Hello Spammer,');
    // The shop reads the request as it was sent (its own inbox, escaped in the HTML part).
    const shopCopy = smtp.messages.find((m) => (m.subject ?? '').startsWith('New quote request'))!;
    expect(shopCopy.text).toContain(spam.description);
    expect(shopCopy.html).not.toContain(`<a href="${LINK}"`);
  });

  it('a signed-in account whose address is not verified is a stranger too', async () => {
    const { client, user } = await clientAs(t, { email: 'unverified-visitor@example.test', verified: false });
    await book(client, user.email);
    expectNoVisitorLinks(mailTo(user.email, /^Your booking .* is confirmed/));
    await askForQuote(client, user.email);
    expectNoVisitorLinks(mailTo(user.email, /^We received your quote request/));
  });

  it("an account registered with someone else's address: its verification and reset mails greet with the echo", async () => {
    const email = 'register-victim@example.test';
    const client = new TestClient(t.app);
    await client.csrf();
    const password = 'a-long-enough-secret';
    const firstname = `Visit ${LINK} ${BARE}`;
    const register = await client.post('/api/register', {
      json: { firstname, lastname: BARE, email, password, password_confirmation: password },
      headers: { 'x-forwarded-for': nextAddress() },
    });
    expect(register.status, register.text).toBe(201);
    const verification = mailTo(email, /^Verify your e-mail address/);
    expectNoVisitorLinks(verification);
    expect(verification.text).toContain('Hello Visit,');
    const stranger = new TestClient(t.app);
    await stranger.csrf();
    const forgot = await stranger.post('/forgot-password', { json: { email }, headers: { 'x-forwarded-for': nextAddress() } });
    expect(forgot.status).toBe(200);
    const reset = mailTo(email, /^Reset your password/);
    expectNoVisitorLinks(reset);
    expect(reset.text).toContain('Hello Visit,');
  });
});

describe('mail to the verified address of the account that asked', () => {
  it('repeats the name, vehicle and location as given', async () => {
    const { client, user } = await clientAs(t, { email: 'verified-visitor@example.test' });
    await book(client, user.email);
    const confirmation = mailTo(user.email, /^Your booking .* is confirmed/);
    expect(confirmation.text).toContain(`Hello ${spam.name},`);
    expect(confirmation.text).toContain(`Vehicle: ${spam.vehicle} (${spam.registration})`);
    expect(confirmation.text).toContain(`Where: ${spam.location} (we come to you)`);
    await askForQuote(client, user.email);
    expect(mailTo(user.email, /^We received your quote request/).text).toContain(`Hello ${spam.name},`);
  });
});
