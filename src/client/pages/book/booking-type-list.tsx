/** Step 1 of the booking page: the kinds of booking, one button each (pressed: the one chosen). */
import type { BookingSummary } from '#shared/schemas/bookings.ts';

export function BookingTypeList({
  types,
  chosenId,
  onPick,
}: {
  types: BookingSummary['types'];
  chosenId: number | null;
  onPick: (id: number) => void;
}) {
  if (types.length === 0) return <p>Online booking is not available at the moment. Please call us.</p>;
  return (
    <ul className="book__types" aria-label="Kinds of booking">
      {types.map((t) => (
        <li key={t.id}>
          <button type="button" className="book__type" aria-pressed={chosenId === t.id} onClick={() => onPick(t.id)}>
            <span className="book__type-name">{t.name}</span>
            <span className="book__type-meta">{t.duration_minutes} minutes</span>
            {t.description && <span className="book__type-meta">{t.description}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
