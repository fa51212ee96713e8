import { describe, expect, it } from 'vitest';
import { displayLocale, formatCalendarDate, formatCalendarRange, formatDate, formatDateTime, formatTime } from '#shared/format/dates.ts';
import { formatDayHours, formatOpeningTime } from '#shared/format/hours.ts';

describe('formatDate, formatDateTime, formatTime', () => {
  it('write British English in the shop zone by default', () => {
    expect(formatDate('2026-11-16T14:05:00Z')).toBe('16 November 2026');
    expect(formatDateTime('2026-11-16T14:05:00Z')).toBe('16 November 2026, 14:05');
    expect(formatTime('2026-11-16T03:00:00Z')).toBe('03:00');
    expect(formatDateTime(new Date('2026-11-26T03:00:00Z'), { timeZone: 'Europe/London' })).toBe('26 November 2026, 03:00');
  });

  it('follow the clock change: BST in summer, GMT in winter', () => {
    // 29 March 2026: clocks go forward at 01:00 GMT.
    expect(formatDateTime('2026-03-29T00:59:00Z')).toBe('29 March 2026, 00:59');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29 March 2026, 02:00');
    // 25 October 2026: clocks go back at 01:00 GMT (02:00 BST).
    expect(formatDateTime('2026-10-25T00:59:00Z')).toBe('25 October 2026, 01:59');
    expect(formatDateTime('2026-10-25T01:00:00Z')).toBe('25 October 2026, 01:00');
    expect(formatTime('2026-07-01T16:30:00Z')).toBe('17:30');
    expect(formatTime('2026-12-01T16:30:00Z')).toBe('16:30');
  });

  it('put a moment near midnight on the shop’s day, not UTC’s', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(formatDate('2026-06-30T23:30:00Z')).toBe('1 July 2026');
    expect(formatDateTime('2026-06-30T23:30:00Z')).toBe('1 July 2026, 00:30');
    // In winter London is UTC: the same wall clock.
    expect(formatDate('2026-12-31T23:59:00Z')).toBe('31 December 2026');
    expect(formatDate('2027-01-01T00:00:00Z')).toBe('1 January 2027');
    // Another shop zone moves the day too.
    expect(formatDate('2026-11-16T23:30:00Z', { timeZone: 'Europe/Paris' })).toBe('17 November 2026');
  });

  it('follow another locale when given one, and answer nothing for a non-date', () => {
    expect(formatDate('2026-11-16T14:05:00Z', { locale: 'en-US' })).toBe('November 16, 2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

describe('formatCalendarDate and formatCalendarRange', () => {
  it('write a calendar date as that day whatever the zone', () => {
    expect(formatCalendarDate('2026-12-25')).toBe('25 December 2026');
    expect(formatCalendarDate('2026-12-07', { year: false })).toBe('7 December');
    expect(formatCalendarRange('2026-12-25', '2026-12-25')).toBe('25 December 2026');
    expect(formatCalendarRange('2026-12-24', '2027-01-02')).toBe('24 December 2026 to 2 January 2027');
    expect(formatCalendarDate('25/12/2026')).toBe('');
  });
});

describe('displayLocale', () => {
  it('keeps en-GB unless the browser first prefers another English', () => {
    expect(displayLocale([])).toBe('en-GB');
    expect(displayLocale(['fr-FR', 'en-US'])).toBe('en-GB');
    expect(displayLocale(['en'])).toBe('en-GB');
    expect(displayLocale(['en-GB', 'en'])).toBe('en-GB');
    expect(displayLocale(['en-US', 'en'])).toBe('en-US');
    expect(displayLocale(['en-IE'])).toBe('en-IE');
  });
});

describe('opening hours', () => {
  it('write a time the way a UK shop door does', () => {
    expect(formatOpeningTime('09:00')).toBe('9am');
    expect(formatOpeningTime('09:30')).toBe('9:30am');
    expect(formatOpeningTime('12:00')).toBe('12pm');
    expect(formatOpeningTime('12:30')).toBe('12:30pm');
    expect(formatOpeningTime('17:00')).toBe('5pm');
    expect(formatOpeningTime('23:59')).toBe('11:59pm');
    expect(formatOpeningTime('00:00')).toBe('midnight');
    expect(formatOpeningTime('00:30')).toBe('12:30am');
  });

  it('write a day: its ranges, or Closed', () => {
    expect(formatDayHours([{ opens: '09:00', closes: '17:00' }])).toBe('9am to 5pm');
    expect(formatDayHours([{ opens: '09:30', closes: '12:30' }])).toBe('9:30am to 12:30pm');
    expect(
      formatDayHours([
        { opens: '08:30', closes: '12:30' },
        { opens: '13:30', closes: '17:30' },
      ]),
    ).toBe('8:30am to 12:30pm, 1:30pm to 5:30pm');
    expect(formatDayHours([])).toBe('Closed');
  });
});
