/**
 * Picks a day, then a time, for a booking type: the days as a calendar a month at a time
 * (day-calendar.tsx: open days with their free places, full and closed days shown as such), read
 * from the availability procedure one month per request (at most 31 days, within its 62), then that
 * day's free times. A time already inside the change cut-off says it can't be changed online.
 * Buttons throughout, so it works with the keyboard; the chosen one is `aria-pressed`.
 * Used by /book and by the manage page to reschedule; the shop's new booking form asks for
 * `shopTimes` (bookings.admin.availability: every free time within opening hours).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { messageOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { SlotView } from '#shared/schemas/bookings.ts';
import { daysFrom } from '#shared/calendar-date.ts';
import { addDays, dayLabel, shopDate } from './booking-format.ts';
import { DayCalendar, monthDates, type CalendarDay } from './day-calendar.tsx';

export interface SlotPickerProps {
  typeId: number;
  timeZone: string;
  date: string | null;
  onDate: (date: string) => void;
  slot: SlotView | null;
  onSlot: (slot: SlotView) => void;
  /** A time to leave out (the booking's own, when moving it). */
  exclude?: string;
  /** A time to pick once it is found free (/book?type=…&at=…, the home page's next free estimate). */
  preselect?: string | null;
  /** The shop books: every free time within opening hours, the online notice and horizon aside. */
  shopTimes?: boolean;
}

/** What the customer is told of a time inside the change cut-off. */
export const NOT_CHANGEABLE_ONLINE = "can't be changed online: call us";

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
const nextMonth = (month: string) => addDays(monthDates(month).at(-1)!, 1);
const previousMonth = (month: string) => monthOf(addDays(month, -1));

export function SlotPicker({ typeId, timeZone, date, onDate, slot, onSlot, exclude, preselect, shopTimes = false }: SlotPickerProps) {
  // The shop's today, read in the browser (the server renders the page before a type is picked).
  const today = useMemo(() => shopDate(new Date(), timeZone), [timeZone]);
  const [month, setMonth] = useState(() => monthOf(preselect ? shopDate(new Date(preselect), timeZone) : today));
  // Until the customer turns a page, a month with nothing open moves on to the next by itself.
  const [turned, setTurned] = useState(false);
  const from = daysFrom(today, month) > 0 ? month : today;
  const to = monthDates(month).at(-1)!;
  const online = useQuery({ ...trpc.bookings.availability.queryOptions({ type_id: typeId, from, to }), enabled: !shopTimes });
  const shop = useQuery({ ...trpc.bookings.admin.availability.queryOptions({ type_id: typeId, from, to }), enabled: shopTimes });
  const availability = shopTimes ? shop : online;
  const days = useMemo(() => availability.data?.days ?? [], [availability.data]);
  const lastDate = availability.data?.last_date ?? null;
  const freeTimes = (day: CalendarDay) => day.slots.filter((s) => s.free > 0 && s.starts_at !== exclude);
  const freeOf = (day: CalendarDay) => freeTimes(day).reduce((sum, s) => sum + s.free, 0);
  const anyOpen = days.some((d) => d.status === 'open' && freeOf(d) > 0);
  const canNext = lastDate !== null && daysFrom(nextMonth(month), lastDate) >= 0;

  useEffect(() => {
    if (!turned && availability.data && !anyOpen && canNext) setMonth(nextMonth(month));
  }, [turned, availability.data, anyOpen, canNext, month]);

  const preselected = useRef(false);
  useEffect(() => {
    if (!preselect || preselected.current || !availability.data) return;
    preselected.current = true;
    for (const day of days) {
      const found = day.slots.find((s) => s.starts_at === preselect && s.free > 0);
      if (found) {
        onDate(day.date);
        onSlot(found);
        return;
      }
    }
  }, [preselect, availability.data, days, onDate, onSlot]);

  const chosenDay = days.find((d) => d.date === date);
  const times = chosenDay ? freeTimes(chosenDay) : [];
  const timesRef = useRef<HTMLHeadingElement>(null);
  // The times' heading takes the focus when the customer picks a day (not when a link picked it).
  const picked = useRef(false);
  useEffect(() => {
    if (date && picked.current) timesRef.current?.focus();
    picked.current = false;
  }, [date]);

  if (availability.isError) return <Alert tone="error">{messageOf(availability.error)}</Alert>;
  if (availability.isPending) return <Spinner label="Finding free times…" />;
  if (!anyOpen && !canNext && daysFrom(today, month) <= 0)
    return (
      <p>
        {shopTimes
          ? 'There are no free times within opening hours in this range.'
          : 'There are no times to book online at the moment. Please call us.'}
      </p>
    );
  const turn = (to: string) => {
    setTurned(true);
    setMonth(to);
  };
  return (
    <div className="slot-picker">
      <h3 className="slot-picker__title">Pick a day</h3>
      <DayCalendar
        month={month}
        days={days}
        freeOf={freeOf}
        chosen={date}
        onPick={(d) => {
          picked.current = true;
          onDate(d);
        }}
        onPrevious={daysFrom(today, month) > 0 ? () => turn(previousMonth(month)) : null}
        onNext={canNext ? () => turn(nextMonth(month)) : null}
      />
      {chosenDay && (
        <>
          <h3 className="slot-picker__title" ref={timesRef} tabIndex={-1}>
            Pick a time on {dayLabel(chosenDay.date)}
          </h3>
          {times.length ? (
            <ul className="slot-picker__times" aria-label="Times">
              {times.map((s) => (
                <li key={s.starts_at} className={s.changeable_online ? undefined : 'slot-picker__locked'}>
                  <button
                    type="button"
                    className="slot-picker__time"
                    aria-pressed={slot?.starts_at === s.starts_at}
                    aria-describedby={s.changeable_online ? undefined : `locked-${s.time}`}
                    data-testid={`time-${s.time}`}
                    onClick={() => onSlot(s)}
                  >
                    {s.time}
                  </button>
                  {!s.changeable_online && (
                    <span className="slot-picker__note" id={`locked-${s.time}`}>
                      {NOT_CHANGEABLE_ONLINE}
                    </span>
                  )}
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
