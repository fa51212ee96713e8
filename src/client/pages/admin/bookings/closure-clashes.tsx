/**
 * On the Shop details screen, under the closures: for each closure added or changed since the last
 * save, the bookings on those days, listed before saving, with the offer to cancel them and e-mail
 * each customer (bookings.admin.cancelClashing). Nothing when no closure clashes.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { Button } from '#client/components/ui/button.tsx';
import { formatCalendarRange } from '#shared/format/dates.ts';
import type { Closure } from '#shared/schemas/shop.ts';
import { bookingLine } from './booking-labels.ts';
import './bookings-admin.css';

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

export function ClosureClashes({ closures, saved, timeZone }: { closures: Closure[]; saved: Closure[]; timeZone: string }) {
  const fresh = closures.filter(
    (c) => isDate(c.from) && isDate(c.to) && c.from <= c.to && !saved.some((s) => s.from === c.from && s.to === c.to),
  );
  return (
    <>
      {fresh.map((closure) => (
        <OneClosure key={`${closure.from}-${closure.to}`} closure={closure} timeZone={timeZone} />
      ))}
    </>
  );
}

function OneClosure({ closure, timeZone }: { closure: Closure; timeZone: string }) {
  const input = { from_date: closure.from, to_date: closure.to };
  const clashes = useQuery(trpc.bookings.admin.listClashes.queryOptions(input));
  const cancel = useMutation(
    trpc.bookings.admin.cancelClashing.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.bookings.admin.listClashes.queryKey(input) }),
    }),
  );
  if (cancel.isSuccess) {
    return <p role="status">{cancel.data.data.length} booking(s) cancelled; the customers have been e-mailed.</p>;
  }
  if (!clashes.data || clashes.data.data.length === 0) return null;
  const range = formatCalendarRange(closure.from, closure.to);
  return (
    <div className="admin-booking__panel" role="status" data-testid="closure-clashes">
      <p>
        <strong>Bookings on {range}:</strong> the closure does not cancel them by itself.
      </p>
      <ul>
        {clashes.data.data.map((b) => (
          <li key={b.id}>{bookingLine(b, timeZone)}</li>
        ))}
      </ul>
      {clashes.data.more && <p>More bookings fall on these days than are listed here; cancelling cancels all of them.</p>}
      <div>
        <Button
          variant="secondary"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate({
              ...input,
              reason: `We are closed on ${range}${closure.note ? ` (${closure.note})` : ''}. We are sorry: please book another day.`,
            })
          }
        >
          Cancel these bookings and e-mail the customers
        </Button>
      </div>
    </div>
  );
}
