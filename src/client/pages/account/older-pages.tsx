/**
 * The account's own lists answer a page at a time (newest first, `next_cursor` for the rest): the
 * first page is the page's query, and "Show older" reads the next ones after it, one per press.
 */
import { useState } from 'react';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { messageOf } from '#client/lib/api-errors.ts';

export interface AccountPage<T> {
  data: T[];
  next_cursor: string | null;
}

export function useOlderPages<T>(firstCursor: string | null | undefined, load: (cursor: string) => Promise<AccountPage<T>>) {
  const [older, setOlder] = useState<T[]>([]);
  // undefined until a page after the first is read: the first page's cursor says whether there are more.
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const next = cursor === undefined ? (firstCursor ?? null) : cursor;
  async function more() {
    if (!next || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await load(next);
      setOlder((rows) => [...rows, ...page.data]);
      setCursor(page.next_cursor);
    } catch (caught) {
      setError(caught);
    } finally {
      setLoading(false);
    }
  }
  return { older, next, more, loading, error };
}

/** The button under a list that reads its next page; nothing once the list is all there. */
export function ShowOlder({ pages, label }: { pages: ReturnType<typeof useOlderPages<unknown>>; label: string }) {
  if (!pages.next && !pages.error) return null;
  return (
    <div className="account-older">
      {pages.error !== null && <Alert tone="error">{messageOf(pages.error)}</Alert>}
      {pages.next && (
        <Button variant="secondary" loading={pages.loading} onClick={() => void pages.more()}>
          {label}
        </Button>
      )}
    </div>
  );
}
