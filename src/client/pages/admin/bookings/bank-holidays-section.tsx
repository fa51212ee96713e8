/**
 * Booking setup's bank holidays: the coming UK bank holidays of the shop's region (from the
 * library, docs/decisions/uk-bank-holidays-from-a-library.md), each closed for booking unless the
 * admin presses "Open this day"; pressed again, it closes.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, messageOf } from '#client/lib/api-errors.ts';
import { formatCalendarDate, formatCalendarWeekday } from '#shared/format/dates.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';

const REGION_NAMES = { 'england-and-wales': 'England and Wales', scotland: 'Scotland', 'northern-ireland': 'Northern Ireland' } as const;

export function BankHolidaysSection() {
  const list = useQuery(trpc.bookings.admin.listBankHolidays.queryOptions({}));
  const toggle = useMutation(
    trpc.bookings.admin.setBankHolidayOpen.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.bookings.admin.listBankHolidays.queryKey({}), data),
    }),
  );
  const error = toggle.isError ? (fieldErrorsOf(toggle.error).date?.[0] ?? messageOf(toggle.error)) : null;
  return (
    <section className="admin-section" aria-labelledby="bank-holidays-title">
      <h2 id="bank-holidays-title">Bank holidays</h2>
      {list.isPending ? (
        <Spinner label="Loading bank holidays…" />
      ) : !list.data ? (
        <ErrorSummary error={list.error} />
      ) : (
        <>
          <p>
            The shop is closed for online booking on the bank holidays of {REGION_NAMES[list.data.region]} (the region is a setting above).
            Open a day to take bookings on it as on any other.
          </p>
          {error && <Alert tone="error">{error}</Alert>}
          <ul className="admin-list" data-testid="bank-holidays">
            {list.data.data.map((day) => {
              const label = `${formatCalendarWeekday(day.date)} ${formatCalendarDate(day.date)}`;
              return (
                <li key={day.date} className="admin-list__item">
                  <p className="admin-list__title">
                    {label}: {day.name}
                  </p>
                  <p className="admin-list__text">{day.open ? 'Open for booking.' : 'Closed for booking.'}</p>
                  <div className="admin-list__actions">
                    <Button
                      variant="secondary"
                      aria-pressed={day.open}
                      aria-label={`Open this day: ${label}`}
                      loading={toggle.isPending && toggle.variables.date === day.date}
                      onClick={() => toggle.mutate({ date: day.date, open: !day.open })}
                    >
                      Open this day
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
