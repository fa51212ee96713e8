/**
 * Page links for a paged list. `page` is one-based unless `zeroBased` (the admin galleries and
 * testimonials lists count from 0, the users list from 1: docs/product.md section 9).
 */
export interface PaginationProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  zeroBased?: boolean;
}

/** At most seven numbers: the ends, the current page and its neighbours, gaps as null. */
function visiblePages(current: number, count: number): (number | null)[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const pages = new Set([1, count, current - 1, current, current + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export function Pagination({ page, pageCount, onChange, zeroBased = false }: PaginationProps) {
  if (pageCount <= 1) return null;
  const offset = zeroBased ? 1 : 0;
  const current = page + offset;
  const go = (oneBased: number) => onChange(oneBased - offset);
  return (
    <nav className="pagination" aria-label="Pagination">
      <button type="button" className="pagination__item" onClick={() => go(current - 1)} disabled={current <= 1}>
        Previous
      </button>
      {visiblePages(current, pageCount).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={`pagination__item${p === current ? ' is-current' : ''}`}
            aria-current={p === current ? 'page' : undefined}
            aria-label={`Page ${p}`}
            onClick={() => go(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className="pagination__item" onClick={() => go(current + 1)} disabled={current >= pageCount}>
        Next
      </button>
    </nav>
  );
}
