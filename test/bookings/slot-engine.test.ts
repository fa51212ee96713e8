// The slot engine (src/server/bookings/slot-engine.ts): slots from the opening hours in the shop's
// time zone, through the clock changes (Europe/London: last Sunday of March and of October),
// closures, blocked times, the bookable range and what is taken.
import { describe, expect, it } from 'vitest';
import {
  bookableRange,
  checkSlot,
  daysBetween,
  gridSlots,
  nextFreeSlots,
  type SlotInputs,
  type TakenPlace,
} from '#server/bookings/slot-engine.ts';
import type { Shop } from '#shared/schemas/shop.ts';

type Hours = Pick<Shop, 'openingHours' | 'closures' | 'timeZone'>;
const nine = [{ opens: '09:00', closes: '17:00' }];
const weekdays: Hours = {
  openingHours: { monday: nine, tuesday: nine, wednesday: nine, thursday: nine, friday: nine, saturday: [], sunday: [] },
  closures: [],
  timeZone: 'Europe/London',
};
const everyDay = (ranges = nine): Hours => ({
  ...weekdays,
  openingHours: { monday: ranges, tuesday: ranges, wednesday: ranges, thursday: ranges, friday: ranges, saturday: ranges, sunday: ranges },
});
const estimate = { durationMinutes: 20, capacity: 1 };
/** Place `place` held from `start` for `minutes`. */
const held = (start: string, minutes = 20, place = 1): TakenPlace => ({
  place,
  startsAt: new Date(start),
  endsAt: new Date(Date.parse(start) + minutes * 60_000),
});

function inputs(overrides: Partial<SlotInputs> = {}): SlotInputs {
  return {
    shop: weekdays,
    type: estimate,
    settings: { earliestWorkingDays: 1, horizonDays: 42 },
    blocked: [],
    taken: [],
    // Tuesday 24 November 2026, 10:00 GMT.
    now: new Date('2026-11-24T10:00:00Z'),
    ...overrides,
  };
}

describe('grid slots', () => {
  it('runs from the opening in steps of the duration, each ending by the close', () => {
    const slots = gridSlots(weekdays, estimate, '2026-11-25');
    expect(slots).toHaveLength(24);
    expect(slots[0]!.startsAt.toISOString()).toBe('2026-11-25T09:00:00.000Z');
    expect(slots.at(-1)!.startsAt.toISOString()).toBe('2026-11-25T16:40:00.000Z');
    expect(slots.at(-1)!.endsAt.toISOString()).toBe('2026-11-25T17:00:00.000Z');
    // 45 minutes: 09:00 … 16:30 is 11 slots; 16:15 + 45 would end after 17:00.
    expect(gridSlots(weekdays, { durationMinutes: 45, capacity: 1 }, '2026-11-25')).toHaveLength(10);
  });

  it('keeps the wall-clock hour on the day the clocks go forward (last Sunday of March)', () => {
    const shop = everyDay();
    const saturday = gridSlots(shop, estimate, '2027-03-27');
    const sunday = gridSlots(shop, estimate, '2027-03-28');
    const monday = gridSlots(shop, estimate, '2027-03-29');
    // 10:20 GMT on Saturday; 10:20 BST (09:20 UTC) on the Sunday and after.
    expect(saturday[4]!.startsAt.toISOString()).toBe('2027-03-27T10:20:00.000Z');
    expect(sunday[4]!.startsAt.toISOString()).toBe('2027-03-28T09:20:00.000Z');
    expect(monday[4]!.startsAt.toISOString()).toBe('2027-03-29T09:20:00.000Z');
    expect(sunday).toHaveLength(24);
  });

  it('keeps the wall-clock hour on the day the clocks go back (last Sunday of October)', () => {
    const shop = everyDay();
    expect(gridSlots(shop, estimate, '2027-10-30')[4]!.startsAt.toISOString()).toBe('2027-10-30T09:20:00.000Z');
    expect(gridSlots(shop, estimate, '2027-10-31')[4]!.startsAt.toISOString()).toBe('2027-10-31T10:20:00.000Z');
    expect(gridSlots(shop, estimate, '2027-10-31')).toHaveLength(24);
  });

  it('offers no time that does not exist (the hour skipped in March)', () => {
    const night = everyDay([{ opens: '00:00', closes: '04:00' }]);
    const hourly = { durationMinutes: 60, capacity: 1 };
    const times = gridSlots(night, hourly, '2027-03-28').map((s) => s.startsAt.toISOString());
    // 00:00 GMT, (01:00 does not exist), 02:00 BST, 03:00 BST.
    expect(times).toEqual(['2027-03-28T00:00:00.000Z', '2027-03-28T01:00:00.000Z', '2027-03-28T02:00:00.000Z']);
  });

  it('says the shop-local time of each slot through the change', () => {
    const shop = everyDay();
    const days = daysBetween(inputs({ shop, now: new Date('2027-03-20T12:00:00Z') }), '2027-03-27', '2027-03-28');
    expect(days.map((d) => d.slots[4]!.time)).toEqual(['10:20', '10:20']);
    expect(days.map((d) => d.slots[4]!.startsAt)).toEqual(['2027-03-27T10:20:00.000Z', '2027-03-28T09:20:00.000Z']);
  });

  it('gives nothing on a closure', () => {
    const shop = { ...weekdays, closures: [{ from: '2026-12-24', to: '2026-12-28', note: 'Christmas' }] };
    expect(gridSlots(shop, estimate, '2026-12-24')).toEqual([]);
    expect(gridSlots(shop, estimate, '2026-12-29')).toHaveLength(24);
  });
});

describe('days', () => {
  it('starts on the next working day and ends at the horizon', () => {
    // Friday 27 November 2026: the next working day is Monday 30.
    const friday = new Date('2026-11-27T10:00:00Z');
    expect(bookableRange(weekdays, { earliestWorkingDays: 1, horizonDays: 42 }, friday)).toEqual({
      first: '2026-11-30',
      last: '2027-01-08',
    });
    const days = daysBetween(inputs({ now: friday }), '2026-11-27', '2026-11-30');
    expect(days.map((d) => [d.date, d.status])).toEqual([
      ['2026-11-27', 'closed'],
      ['2026-11-28', 'closed'],
      ['2026-11-29', 'closed'],
      ['2026-11-30', 'open'],
    ]);
    expect(daysBetween(inputs({ now: friday }), '2027-01-08', '2027-01-11').map((d) => d.status)).toEqual([
      'open',
      'closed',
      'closed',
      'closed',
    ]);
  });

  it('reports a day with every place taken as full, not hidden', () => {
    const slots = gridSlots(weekdays, estimate, '2026-11-25');
    const taken = slots.map((s) => ({ place: 1, ...s }));
    const [day] = daysBetween(inputs({ taken }), '2026-11-25', '2026-11-25');
    expect(day!.status).toBe('full');
    expect(day!.slots).toHaveLength(24);
    expect(day!.slots.every((s) => s.free === 0)).toBe(true);
  });

  it('counts places: a drop-off with two places is free until both are taken', () => {
    const dropOff = { durationMinutes: 15, capacity: 2 };
    const taken = [held('2026-11-25T09:00:00.000Z', 15)];
    const [day] = daysBetween(inputs({ type: dropOff, taken }), '2026-11-25', '2026-11-25');
    expect(day!.slots[0]).toMatchObject({ time: '09:00', free: 1 });
    expect(day!.slots[1]).toMatchObject({ time: '09:15', free: 2 });
  });

  it('counts a booking made on another grid against every slot it overlaps, as taking a place would', () => {
    // Booked 09:20-09:40 when the type was 20 minutes long; it is now 30.
    const longer = { durationMinutes: 30, capacity: 1 };
    const [day] = daysBetween(inputs({ type: longer, taken: [held('2026-11-25T09:20:00.000Z', 20)] }), '2026-11-25', '2026-11-25');
    expect(day!.slots.slice(0, 3).map((s) => [s.time, s.free])).toEqual([
      ['09:00', 0],
      ['09:30', 0],
      ['10:00', 1],
    ]);
    // Two places: one held on place 2 only leaves place 1 free, a place past the capacity does not count.
    const two = { durationMinutes: 30, capacity: 2 };
    const taken = [held('2026-11-25T09:20:00.000Z', 20, 2), held('2026-11-25T10:00:00.000Z', 30, 3)];
    const [other] = daysBetween(inputs({ type: two, taken }), '2026-11-25', '2026-11-25');
    expect(other!.slots.slice(0, 3).map((s) => s.free)).toEqual([1, 1, 2]);
  });

  it('closes a bank holiday the shop has not opened, and counts it out of the working days', () => {
    const closedDays = new Set(['2026-11-25']);
    expect(daysBetween(inputs({ closedDays }), '2026-11-25', '2026-11-26').map((d) => d.status)).toEqual(['closed', 'open']);
    expect(bookableRange(weekdays, { earliestWorkingDays: 1, horizonDays: 42 }, new Date('2026-11-24T10:00:00Z'), closedDays).first).toBe(
      '2026-11-26',
    );
    expect(checkSlot(inputs({ closedDays }), new Date('2026-11-25T10:00:00Z'))).toEqual({ refusal: 'out-of-range' });
    expect(checkSlot(inputs({ closedDays: new Set(['2026-11-26']) }), new Date('2026-11-26T10:00:00Z'))).toEqual({ refusal: 'closed' });
  });

  it('marks a slot already inside the change cut-off', () => {
    const settings = { earliestWorkingDays: 0, horizonDays: 42, changeCutoffHours: 24 };
    const [today, tomorrow] = daysBetween(inputs({ settings }), '2026-11-24', '2026-11-25');
    expect(today!.slots.every((s) => !s.changeableOnline)).toBe(true);
    // 24 hours from 10:00 on the 24th: 10:00 on the 25th is the first that can still be changed.
    expect(tomorrow!.slots.find((s) => s.time === '09:40')!.changeableOnline).toBe(false);
    expect(tomorrow!.slots.find((s) => s.time === '10:20')!.changeableOnline).toBe(true);
  });

  it('leaves out the slots a blocked time overlaps', () => {
    const blocked = [{ startsAt: new Date('2026-11-25T13:00:00Z'), endsAt: new Date('2026-11-25T17:00:00Z') }];
    const [day] = daysBetween(inputs({ blocked }), '2026-11-25', '2026-11-25');
    expect(day!.slots.at(-1)!.time).toBe('12:40');
    const wholeDay = [{ startsAt: new Date('2026-11-25T00:00:00Z'), endsAt: new Date('2026-11-26T00:00:00Z') }];
    expect(daysBetween(inputs({ blocked: wholeDay }), '2026-11-25', '2026-11-25')[0]!.status).toBe('closed');
  });
});

describe('checkSlot', () => {
  it('names why a start cannot be booked', () => {
    const base = inputs();
    expect(checkSlot(base, new Date('2026-11-24T09:00:00Z'))).toEqual({ refusal: 'past' });
    // Today is not bookable with the next working day as the earliest.
    expect(checkSlot(base, new Date('2026-11-24T15:00:00Z'))).toEqual({ refusal: 'out-of-range' });
    expect(checkSlot(base, new Date('2027-02-01T10:00:00Z'))).toEqual({ refusal: 'out-of-range' });
    expect(checkSlot(base, new Date('2026-11-28T10:00:00Z'))).toEqual({ refusal: 'closed' });
    expect(checkSlot(base, new Date('2026-11-25T10:05:00Z'))).toEqual({ refusal: 'outside-hours' });
    expect(checkSlot(base, new Date('2026-11-25T17:00:00Z'))).toEqual({ refusal: 'outside-hours' });
    const taken = [held('2026-11-25T10:00:00.000Z')];
    expect(checkSlot(inputs({ taken }), new Date('2026-11-25T10:00:00Z'))).toEqual({ refusal: 'full' });
    expect(checkSlot(base, new Date('2026-11-25T10:00:00Z'))).toMatchObject({ slot: { time: '10:00', free: 1 } });
  });

  it('takes the wall-clock time picked on the day the clocks change', () => {
    const shop = everyDay();
    const now = new Date('2027-03-20T12:00:00Z');
    expect(checkSlot(inputs({ shop, now }), new Date('2027-03-28T09:20:00Z'))).toMatchObject({ slot: { time: '10:20' } });
    // 10:20 UTC is 11:20 BST: a slot too, but not the 10:20 the customer saw.
    expect(checkSlot(inputs({ shop, now }), new Date('2027-03-28T10:20:00Z'))).toMatchObject({ slot: { time: '11:20' } });
    expect(checkSlot(inputs({ shop, now }), new Date('2027-03-28T10:25:00Z'))).toEqual({ refusal: 'outside-hours' });
  });
});

describe('nextFreeSlots', () => {
  it('skips full slots and closed days', () => {
    // Friday afternoon: Monday's first two slots taken.
    const taken = [held('2026-11-30T09:00:00.000Z'), held('2026-11-30T09:20:00.000Z')];
    const next = nextFreeSlots(inputs({ now: new Date('2026-11-27T15:00:00Z'), taken }), 2);
    expect(next.map((s) => s.startsAt)).toEqual(['2026-11-30T09:40:00.000Z', '2026-11-30T10:00:00.000Z']);
  });
});
