/** The booking's deposit on its manage page and its confirmation: what is due (the server's figure) and "Pay the £X deposit". */
import { useMutation, useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { formatPence } from '#shared/format/money.ts';
import { PayNow } from '#client/components/pay-now.tsx';

export function BookingDeposit({ token }: { token: string }) {
  const deposit = useQuery({ ...trpc.payments.manageDeposit.queryOptions({ token }), retry: false });
  const checkout = useMutation(trpc.payments.manageDepositCheckout.mutationOptions());
  if (!deposit.data) return null;
  return (
    <PayNow
      duePence={deposit.data.due_pence}
      online={deposit.data.online_payments}
      label={`Pay the ${formatPence(deposit.data.due_pence)} deposit`}
      dueLabel="Deposit to pay"
      start={() => checkout.mutateAsync({ token })}
    />
  );
}
