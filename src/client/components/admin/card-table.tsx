/**
 * The table of an admin list that becomes labelled cards on phones
 * (docs/decisions/admin-tables-become-cards-on-phones.md): each cell carries its column's
 * `data-label`, which admin.css shows below 640 px. While the rows load it shows a spinner; with no
 * rows, the list's empty message; `before` and `after` (a count, the pages) show only with rows.
 */
import type { ReactNode } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';

export interface CardTableColumn<Row> {
  /** The column's header, and the label each cell shows on phones. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The row's header cell (`<th scope="row">`): what names the row. */
  rowHeader?: boolean;
  className?: string;
  testId?: (row: Row) => string;
}

export interface CardTableProps<Row> {
  /** The scrolling region's name (the list's name). */
  label: string;
  columns: readonly CardTableColumn<Row>[];
  /** The rows, undefined until they come (or when they failed: the page's error summary says why). */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading: boolean;
  loadingLabel: string;
  empty: ReactNode;
  /** A newer page is being fetched while the rows shown stay. */
  busy?: boolean;
  before?: ReactNode;
  after?: ReactNode;
  /** The account's list has its own look. */
  wrapClassName?: string;
  tableClassName?: string;
}

export function CardTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  loading,
  loadingLabel,
  empty,
  busy,
  before,
  after,
  wrapClassName = 'admin-table-wrap',
  tableClassName = 'admin-table admin-table--cards',
}: CardTableProps<Row>) {
  if (loading) return <Spinner label={loadingLabel} />;
  if (!rows) return null;
  if (rows.length === 0) return <>{empty}</>;
  return (
    <>
      {before}
      {/* Focusable so the table can be scrolled sideways from the keyboard on a narrow screen. */}
      <div className={wrapClassName} role="region" aria-label={label} tabIndex={0}>
        <table className={tableClassName} aria-busy={busy}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.header}
                      scope={column.rowHeader ? 'row' : undefined}
                      className={column.className}
                      data-label={column.header}
                      data-testid={column.testId?.(row)}
                    >
                      {column.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {after}
    </>
  );
}
