import { describe, expect, it } from 'vitest';
import { localMoment, openingHoursLines, openingStatus } from '#shared/opening-status.ts';
import type { Shop } from '#shared/schemas/shop.ts';

const nine = [{ opens: '09:00', closes: '17:00' }];
type Hours = Pick<Shop, 'openingHours' | 'closures' | 'timeZone'>;
const weekdays: Hours = {
  openingHours: { monday: nine, tuesday: nine, wednesday: nine, thursday: nine, friday: nine, saturday: [], sunday: [] },
  closures: [],
  timeZone: 'Europe/London',
};
const everyDay: Hours = {
  ...weekdays,
  openingHours: { monday: nine, tuesday: nine, wednesday: nine, thursday: nine, friday: nine, saturday: nine, sunday: nine },
};
const at = (iso: string) => new Date(iso);

describe('openingStatus', () => {
  it('is open inside a range and says when it closes', () => {
    // Tuesday 24 November 2026, 10:00 GMT.
    expect(openingStatus(weekdays, at('2026-11-24T10:00:00Z'))).toEqual({
      isOpen: true,
      text: 'Open now, closes at 5pm',
      closureNote: null,
    });
  });

  it('opens today, before the first range', () => {
    expect(openingStatus(weekdays, at('2026-11-24T08:59:00Z')).text).toBe('Closed, opens today at 9am');
  });

  it('closes at the closing minute and opens tomorrow', () => {
    expect(openingStatus(weekdays, at('2026-11-24T17:00:00Z')).text).toBe('Closed, opens tomorrow at 9am');
  });

  it('after closing on Friday opens on Monday', () => {
    // Friday 27 November 2026, 18:00.
    expect(openingStatus(weekdays, at('2026-11-27T18:00:00Z')).text).toBe('Closed, opens Monday at 9am');
    expect(openingStatus(weekdays, at('2026-11-28T12:00:00Z')).text).toBe('Closed, opens Monday at 9am');
  });

  it('reads the time in the shop time zone, in summer time too', () => {
    // 1 July 2026 08:30 UTC is 09:30 in London (BST): open.
    expect(openingStatus(weekdays, at('2026-07-01T08:30:00Z')).isOpen).toBe(true);
    // 16:30 UTC is 17:30 BST: closed.
    expect(openingStatus(weekdays, at('2026-07-01T16:30:00Z')).text).toBe('Closed, opens tomorrow at 9am');
    // The same moment in New York is 12:30.
    expect(openingStatus({ ...weekdays, timeZone: 'America/New_York' }, at('2026-07-01T16:30:00Z')).isOpen).toBe(true);
  });

  it('follows the clock change days in Europe/London', () => {
    // Sunday 29 March 2026: clocks go forward at 01:00 UTC. 08:30 UTC is 09:30 BST.
    expect(localMoment(at('2026-03-29T08:30:00Z'), 'Europe/London')).toEqual({ date: '2026-03-29', weekday: 'sunday', minutes: 570 });
    expect(openingStatus(everyDay, at('2026-03-29T08:30:00Z')).isOpen).toBe(true);
    expect(openingStatus(everyDay, at('2026-03-29T07:30:00Z')).text).toBe('Closed, opens today at 9am');
    // Sunday 25 October 2026: clocks go back at 01:00 UTC. 08:30 UTC is 08:30 GMT, 16:30 UTC is 16:30.
    expect(openingStatus(everyDay, at('2026-10-25T08:30:00Z')).text).toBe('Closed, opens today at 9am');
    expect(openingStatus(everyDay, at('2026-10-25T16:30:00Z')).isOpen).toBe(true);
    // Saturday 24 October 23:30 UTC is already Sunday 00:30 in London (BST until 01:00 UTC).
    expect(localMoment(at('2026-10-24T23:30:00Z'), 'Europe/London')).toEqual({ date: '2026-10-25', weekday: 'sunday', minutes: 30 });
  });

  it('lets a closure override the hours, with its note today, also across days', () => {
    const christmas: Hours = { ...weekdays, closures: [{ from: '2026-12-24', to: '2026-12-28', note: 'Christmas' }] };
    // Thursday 24 December, 10:00: the hours say open, the closure says shut until Tuesday 29th.
    expect(openingStatus(christmas, at('2026-12-24T10:00:00Z'))).toEqual({
      isOpen: false,
      text: 'Closed, opens Tuesday at 9am',
      closureNote: 'Christmas',
    });
    expect(openingStatus(christmas, at('2026-12-28T10:00:00Z'))).toEqual({
      isOpen: false,
      text: 'Closed, opens tomorrow at 9am',
      closureNote: 'Christmas',
    });
    // The day before: open, no note.
    expect(openingStatus(christmas, at('2026-12-23T10:00:00Z'))).toEqual({
      isOpen: true,
      text: 'Open now, closes at 5pm',
      closureNote: null,
    });
    // Wednesday evening: the next opening skips the closure.
    expect(openingStatus(christmas, at('2026-12-23T18:00:00Z')).text).toBe('Closed, opens Tuesday at 9am');
  });

  it('names the date when the next opening is more than a week away', () => {
    const long: Hours = { ...weekdays, closures: [{ from: '2026-11-25', to: '2026-12-06', note: '' }] };
    expect(openingStatus(long, at('2026-11-25T10:00:00Z'))).toEqual({
      isOpen: false,
      text: 'Closed, opens Monday 7 December at 9am',
      closureNote: null,
    });
  });

  it('handles several ranges a day', () => {
    const split: Hours = {
      ...weekdays,
      openingHours: {
        ...weekdays.openingHours,
        monday: [
          { opens: '08:30', closes: '12:30' },
          { opens: '13:30', closes: '17:30' },
        ],
      },
    };
    // Monday 23 November 2026.
    expect(openingStatus(split, at('2026-11-23T12:45:00Z')).text).toBe('Closed, opens today at 1:30pm');
    expect(openingStatus(split, at('2026-11-23T14:00:00Z')).text).toBe('Open now, closes at 5:30pm');
  });

  it('says only "Closed" for a week with no hours', () => {
    const never: Hours = {
      ...weekdays,
      openingHours: { ...weekdays.openingHours, monday: [], tuesday: [], wednesday: [], thursday: [], friday: [] },
    };
    expect(openingStatus(never, at('2026-11-24T10:00:00Z'))).toEqual({ isOpen: false, text: 'Closed', closureNote: null });
  });
});

describe('openingHoursLines', () => {
  it('groups consecutive days with the same hours', () => {
    expect(openingHoursLines(weekdays.openingHours)).toEqual([
      { days: 'Monday to Friday', hours: '9am to 5pm' },
      { days: 'Saturday and Sunday', hours: 'Closed' },
    ]);
  });
});
