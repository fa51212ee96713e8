/**
 * What the customer owes and the "Pay now" button (a booking's deposit, a job's balance): the
 * amount comes from the server; the button asks the server for a Stripe Checkout page and sends
 * the browser there. Hidden when online payments are off. Back from Stripe with ?payment=done it
 * says the payment is being confirmed (only Stripe's signed message marks it paid).
 */
import { useEffect, useState } from 'react';
import { formatPence } from '#shared/format/money.ts';
import { messageOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';

export interface PayNowProps {
  duePence: number;
  online: boolean;
  /** "Pay the £25 deposit", "Pay now". */
  label: string;
  /** What is due, in words: "Your deposit", "Left to pay". */
  dueLabel: string;
  /** Starts the checkout; resolves with Stripe's page. */
  start: () => Promise<{ checkout_url: string }>;
}

function returnedFromStripe(): 'done' | 'cancelled' | null {
  if (typeof window === 'undefined') return null;
  const value = new URLSearchParams(window.location.search).get('payment');
  return value === 'done' || value === 'cancelled' ? value : null;
}

export function PayNow({ duePence, online, label, dueLabel, start }: PayNowProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Read after hydration: the server's render never knows the query the browser came back with.
  const [returned, setReturned] = useState<'done' | 'cancelled' | null>(null);
  useEffect(() => setReturned(returnedFromStripe()), []);
  if (duePence <= 0) {
    return returned === 'done' ? <Alert tone="success">Thank you: your payment is received.</Alert> : null;
  }
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const { checkout_url } = await start();
      window.location.assign(checkout_url);
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  };
  return (
    <div className="pay-now" data-testid="pay-now">
      {returned === 'done' && (
        <Alert tone="info">Thank you: we are confirming your payment with the card company. Refresh in a moment.</Alert>
      )}
      {returned === 'cancelled' && <Alert tone="info">The payment was not made. You can try again.</Alert>}
      <p>
        {dueLabel}: <strong>{formatPence(duePence)}</strong>
      </p>
      {online && (
        <Button onClick={() => void pay()} loading={busy}>
          {label}
        </Button>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
