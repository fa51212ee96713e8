/**
 * Picks a day, then a time, for a booking type: the days from the availability procedure (a day
 * with every place taken is shown as full, not hidden; closed days are left out), then that day's
 * free times. Buttons throughout, so it works with the keyboard; the chosen one is `aria-pressed`.
 * Used by /book and by the manage page to reschedule.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { messageOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { SlotView } from '#shared/schemas/bookings.ts';
import { BOOKING_AVAILABILITY_MAX_DAYS } from '#shared/limits.ts';
import { addDays, dayLabel, shopDate, shortDayLabel } from './booking-format.ts';

export interface SlotPickerProps {
  typeId: number;
  timeZone: string;
  date: string | null;
  onDate: (date: string) => void;
  slot: SlotView | null;
  onSlot: (slot: SlotView) => void;
  /** A time to leave out (the booking's own, when moving it). */
  exclude?: string;
}

export function SlotPicker({ typeId, timeZone, date, onDate, slot, onSlot, exclude }: SlotPickerProps) {
  // The shop's today, read in the browser (the server renders the page before a type is picked).
  const from = useMemo(() => shopDate(new Date(), timeZone), [timeZone]);
  const availability = useQuery(
    trpc.bookings.availability.queryOptions({ type_id: typeId, from, to: addDays(from, BOOKING_AVAILABILITY_MAX_DAYS - 1) }),
  );
  const days = (availability.data?.days ?? []).filter((d) => d.status !== 'closed');
  const chosenDay = days.find((d) => d.date === date);
  const times = chosenDay?.slots.filter((s) => s.free > 0 && s.starts_at !== exclude) ?? [];
  const timesRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (date) timesRef.current?.focus();
  }, [date]);

  if (availability.isError) return <Alert tone="error">{messageOf(availability.error)}</Alert>;
  if (availability.isPending) return <Spinner label="Finding free times…" />;
  if (!days.length) return <p>There are no times to book online at the moment. Please call us.</p>;
  return (
    <div className="slot-picker">
      <h3 className="slot-picker__title">Pick a day</h3>
      <ul className="slot-picker__days" aria-label="Days">
        {days.map((day) => {
          const label = shortDayLabel(day.date);
          const full = day.status === 'full';
          return (
            <li key={day.date}>
              <button
                type="button"
                className={`slot-picker__day${full ? ' is-full' : ''}`}
                aria-pressed={date === day.date}
                disabled={full}
                data-testid={`day-${day.date}`}
                data-day={dayLabel(day.date)}
                onClick={() => onDate(day.date)}
              >
                {/* Read out in full ("Monday 30 November, full"); shown short. */}
                <span className="slot-picker__weekday" aria-hidden="true">
                  {label.weekday}
                </span>
                <span aria-hidden="true">{label.day}</span>
                <span className="visually-hidden">{dayLabel(day.date)}</span>
                {full && <span className="slot-picker__full">Full</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {chosenDay && (
        <>
          <h3 className="slot-picker__title" ref={timesRef} tabIndex={-1}>
            Pick a time on {dayLabel(chosenDay.date)}
          </h3>
          {times.length ? (
            <ul className="slot-picker__times" aria-label="Times">
              {times.map((s) => (
                <li key={s.starts_at}>
                  <button
                    type="button"
                    className="slot-picker__time"
                    aria-pressed={slot?.starts_at === s.starts_at}
                    data-testid={`time-${s.time}`}
                    onClick={() => onSlot(s)}
                  >
                    {s.time}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p>No free times left on this day.</p>
          )}
        </>
      )}
    </div>
  );
}
