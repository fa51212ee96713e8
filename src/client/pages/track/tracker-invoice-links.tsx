/** "Your invoice" on the repair tracker: each invoice and credit note of the job as a PDF, through the tracker's own link. */
import type { RepairTracker } from '#shared/schemas/repair-jobs.ts';

export function TrackerInvoiceLinks({ tracker }: { tracker: Pick<RepairTracker, 'invoices'> }) {
  if (tracker.invoices.length === 0) return null;
  return (
    <p className="tracker__invoices" data-testid="tracker-invoices">
      {tracker.invoices.map((invoice) => (
        <a key={invoice.id} className="btn btn--secondary" href={invoice.pdf_path} download>
          {invoice.display_number.startsWith('CN') ? 'Credit note' : 'Your invoice'} {invoice.display_number} (PDF)
        </a>
      ))}
    </p>
  );
}
