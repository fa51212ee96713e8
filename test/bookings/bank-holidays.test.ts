/**
 * UK bank holidays (docs/decisions/uk-bank-holidays-from-a-library.md): closed for booking by
 * default, from the library's data for the shop's region; the admin lists the coming ones and opens
 * one, which then offers slots. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import { testEngine } from '#test/support/database.ts';
import { getAvailability } from '#server/bookings/bookings.service.ts';
import { listComingBankHolidays } from '#server/bookings/bank-holidays.service.ts';
import { localMoment } from '#shared/opening-status.ts';
import { addDays, weekdayOf } from '#shared/calendar-date.ts';

let t: TestApp;
let admin: TestClient;
let estimate: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminClient(t)).client;
  estimate = (await t.deps.db.selectFrom('booking_types').select('id').where('name', '=', 'Estimate visit').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

/** The next 25 December from today that falls on a weekday (the demo shop opens Monday to Friday). */
function nextWeekdayChristmas(): string {
  const today = localMoment(new Date(), 'Europe/London').date;
  for (let year = Number(today.slice(0, 4)); ; year++) {
    const date = `${year}-12-25`;
    if (date > today && !['saturday', 'sunday'].includes(weekdayOf(date))) return date;
  }
}

/** The day's status and its number of slots, asked on the 1st of its month at 10:00. */
async function dayOf(date: string) {
  const now = new Date(`${date.slice(0, 8)}01T10:00:00Z`);
  const availability = await getAvailability(t.deps, { type_id: estimate, from: addDays(date, -1), to: addDays(date, 1) }, now);
  return availability.days.find((d) => d.date === date)!;
}

async function setRegion(region: string) {
  const current = await admin.get('/api/admin/booking-settings');
  const res = await admin.put('/api/admin/booking-settings', { json: { ...current.body, bank_holiday_region: region } });
  expect(res.status, res.text).toBe(200);
  expect(res.body.bank_holiday_region).toBe(region);
}

describe(`UK bank holidays in booking (${testEngine})`, () => {
  it('closes Christmas Day on a fresh site (England and Wales by default), the day before and after open', async () => {
    const christmas = nextWeekdayChristmas();
    expect((await admin.get('/api/admin/booking-settings')).body.bank_holiday_region).toBe('england-and-wales');
    const day = await dayOf(christmas);
    expect(day).toMatchObject({ status: 'closed', bank_holiday: 'Christmas Day', slots: [] });
    const before = await dayOf(addDays(christmas, -1));
    if (!['saturday', 'sunday'].includes(weekdayOf(addDays(christmas, -1)))) expect(before.status).toBe('open');
  });

  it("closes Scotland's 2 January only for a Scottish shop", async () => {
    // 2 January 2029 is a Tuesday: a bank holiday in Scotland, an ordinary day in England and Wales.
    expect((await dayOf('2029-01-02')).status).toBe('open');
    await setRegion('scotland');
    try {
      expect(await dayOf('2029-01-02')).toMatchObject({ status: 'closed', bank_holiday: 'January 2nd' });
      await setRegion('northern-ireland');
      expect((await dayOf('2029-01-02')).status).toBe('open');
      // 17 March 2029 is a Saturday; Northern Ireland's St Patrick's Day in 2028 is a Friday.
      expect((await dayOf('2028-03-17')).status).toBe('closed');
    } finally {
      await setRegion('england-and-wales');
    }
  });

  it('lists the coming bank holidays for the admin; an opened one offers slots, and closes again', async () => {
    const christmas = nextWeekdayChristmas();
    const listed = await admin.get('/api/admin/bank-holidays');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.region).toBe('england-and-wales');
    const dates = (listed.body.data as { date: string; name: string; open: boolean }[]).map((d) => d.date);
    expect(dates).toEqual([...dates].sort());
    const today = localMoment(new Date(), 'Europe/London').date;
    expect(dates.every((d) => d >= today)).toBe(true);
    const thisChristmas = `${today.slice(0, 4)}-12-25`;
    if (thisChristmas >= today) expect(listed.body.data).toContainEqual({ date: thisChristmas, name: 'Christmas Day', open: false });

    const opened = await admin.put(`/api/admin/bank-holidays/${christmas}`, { json: { open: true } });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.data).toContainEqual({ date: christmas, name: 'Christmas Day', open: true });
    const open = await dayOf(christmas);
    expect(open.status).toBe('open');
    expect(open.bank_holiday).toBeNull();
    expect(open.slots.length).toBeGreaterThan(10);

    expect((await admin.put(`/api/admin/bank-holidays/${christmas}`, { json: { open: false } })).status).toBe(200);
    expect((await dayOf(christmas)).status).toBe('closed');
    expect((await listComingBankHolidays(t.deps)).data.find((d) => d.date === christmas)?.open ?? false).toBe(false);
  });

  it('refuses a day that is not a bank holiday, one already past, a bad date and a bad region with 422s', async () => {
    const notHoliday = await admin.put(`/api/admin/bank-holidays/${nextWeekdayChristmas().slice(0, 4)}-12-23`, { json: { open: true } });
    expect(notHoliday.status).toBe(422);
    expect(notHoliday.body.errors).toEqual({ date: ['That day is not a bank holiday where the shop is.'] });
    const past = await admin.put('/api/admin/bank-holidays/2026-01-01', { json: { open: true } });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ date: ['That bank holiday has already passed.'] });
    const bad = await admin.put('/api/admin/bank-holidays/2026-13-40', { json: { open: 'yes' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['date', 'open']);
    const current = await admin.get('/api/admin/booking-settings');
    const region = await admin.put('/api/admin/booking-settings', { json: { ...current.body, bank_holiday_region: 'wales' } });
    expect(region.status).toBe(422);
    expect(region.body.errors).toEqual({ bank_holiday_region: ['The selected bank holiday region is invalid.'] });
  });

  it('is the shop only: a visitor gets 401 or 403', async () => {
    const visitor = new TestClient(t.app);
    expect([401, 403]).toContain((await visitor.get('/api/admin/bank-holidays')).status);
  });
});
