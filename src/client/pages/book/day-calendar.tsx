/**
 * The booking day picker as a calendar: a month at a time, Monday to Sunday columns, every day shown
 * with what it is (free places counted, full, closed, a bank holiday named), so a customer sees why
 * a day cannot be picked rather than finding it missing. Only open days are buttons one can press;
 * Tab and Enter work as everywhere, and the arrow keys move between the open days (left and right a
 * day, up and down a week). It fits 390 px: seven columns of about 48 px.
 */
import { useRef, type KeyboardEvent } from 'react';
import type { Availability } from '#shared/schemas/bookings.ts';
import { addDays, daysFrom, weekdayOf } from '#shared/calendar-date.ts';
import { formatCalendarMonth } from '#shared/format/dates.ts';
import { WEEKDAYS } from '#shared/value-sets.ts';
import { dayLabel } from './booking-format.ts';

export type CalendarDay = Availability['days'][number];

export interface DayCalendarProps {
  /** The first day of the month shown, YYYY-MM-01. */
  month: string;
  /** The month's days the server answered for (from today on); the others are shown as past. */
  days: CalendarDay[];
  /** The places free on a day (what the customer could still book there). */
  freeOf: (day: CalendarDay) => number;
  chosen: string | null;
  onPick: (date: string) => void;
  /** Null when there is no month that way to show. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}

const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The month's dates, YYYY-MM-DD. */
export function monthDates(month: string): string[] {
  const out: string[] = [];
  for (let date = month; date.slice(0, 7) === month.slice(0, 7); date = addDays(date, 1)) out.push(date);
  return out;
}

export function DayCalendar({ month, days, freeOf, chosen, onPick, onPrevious, onNext }: DayCalendarProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const byDate = new Map(days.map((d) => [d.date, d]));
  const dates = monthDates(month);
  const leading = WEEKDAYS.indexOf(weekdayOf(month));

  /** Arrow keys: to the nearest open day that way (a day, or a week for up and down). */
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 7, ArrowUp: -7 }[event.key];
    if (!step) return;
    event.preventDefault();
    const open = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])];
    const target = addDays(date, step);
    const ahead = open.filter((b) => (step > 0 ? daysFrom(target, b.dataset.date!) >= 0 : daysFrom(b.dataset.date!, target) >= 0));
    const next = step > 0 ? ahead[0] : ahead.at(-1);
    next?.focus();
  }

  return (
    <div className="day-calendar">
      <div className="day-calendar__head">
        <button
          type="button"
          className="day-calendar__nav"
          onClick={onPrevious ?? undefined}
          disabled={!onPrevious}
          aria-label="Previous month"
        >
          ‹
        </button>
        <h3 className="day-calendar__month" aria-live="polite">
          {formatCalendarMonth(month)}
        </h3>
        <button type="button" className="day-calendar__nav" onClick={onNext ?? undefined} disabled={!onNext} aria-label="Next month">
          ›
        </button>
      </div>
      <div className="day-calendar__weekdays" aria-hidden="true">
        {WEEKDAY_SHORT.map((w) => (
          <span key={w}>{w}</span>
        ))}
      </div>
      <ol className="day-calendar__days" aria-label="Days" ref={listRef}>
        {Array.from({ length: leading }, (_, i) => (
          <li key={`blank-${i}`} className="day-calendar__blank" aria-hidden="true" />
        ))}
        {dates.map((date) => {
          const day = byDate.get(date);
          const free = day && day.status === 'open' ? freeOf(day) : 0;
          const state = !day ? 'past' : day.status === 'open' && free > 0 ? 'open' : day.status === 'closed' ? 'closed' : 'full';
          const status =
            state === 'open'
              ? `${free} free`
              : state === 'full'
                ? 'Full'
                : state === 'closed'
                  ? day?.bank_holiday
                    ? `Closed: ${day.bank_holiday}`
                    : 'Closed'
                  : '';
          return (
            <li key={date}>
              <button
                type="button"
                className={`day-calendar__day is-${state}`}
                aria-pressed={chosen === date}
                disabled={state !== 'open'}
                data-testid={`day-${date}`}
                data-date={date}
                data-day={dayLabel(date)}
                data-state={state}
                title={day?.bank_holiday ?? undefined}
                onClick={() => onPick(date)}
                onKeyDown={(event) => onKeyDown(event, date)}
              >
                <span className="day-calendar__number" aria-hidden="true">
                  {Number(date.slice(8))}
                </span>
                {state !== 'past' && (
                  <span className="day-calendar__status" aria-hidden="true">
                    {state === 'closed' && day?.bank_holiday ? 'Closed' : status}
                  </span>
                )}
                {/* Read out in full: "Friday 25 December, Closed: Christmas Day". */}
                <span className="visually-hidden">
                  {dayLabel(date)}
                  {status ? `, ${status}` : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
