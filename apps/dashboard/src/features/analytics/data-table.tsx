import type { ReactNode } from 'react';
import { downloadCsv, toCsv, type CsvCell } from '@nivaas/client-kit/csv';
import { formatCount } from '../../lib/format';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface Column<Row> {
  label: string;
  /** What the CSV holds (raw numbers, no grouping, so a spreadsheet can add them up). */
  csv: (row: Row) => CsvCell;
  /** What the table shows; the CSV value grouped the Indian way for numbers when absent. */
  render?: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * A titled table with its own 'Download CSV' (issue 13: CSV export of any table). `bar` draws the first numeric
 * column's share of the largest row as a plain CSS bar, the top-N lists' chart; the numbers stay in the cells.
 */
export function DataTable<Row>({
  id,
  title,
  columns,
  rows,
  fileName,
  emptyText,
  bar,
  description,
  scroll = false,
}: {
  id: string;
  title: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  fileName: string;
  emptyText: string;
  bar?: (row: Row) => number;
  description?: ReactNode;
  /** Long tables (one row a day) scroll inside the card. */
  scroll?: boolean;
}) {
  const headingId = `${id}-heading`;
  const max = bar ? Math.max(1, ...rows.map(bar)) : 1;
  return (
    // The table's scrolling box below is the named region (a keyboard can scroll it); the card itself is plain.
    <div className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-bold text-slate-900">
          {title}
        </h3>
        <button
          type="button"
          className="pc-btn-secondary min-h-9 px-3 py-1 text-xs"
          disabled={rows.length === 0}
          aria-label={`Download CSV: ${title}`}
          onClick={() => downloadCsv(`${fileName}.csv`, toCsv(columns.map((column) => column.label), rows.map((row) => columns.map((column) => column.csv(row)))))}
        >
          Download CSV
        </button>
      </div>
      {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      {rows.length === 0 ? (
        <p className="mt-3 rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">{emptyText}</p>
      ) : (
        <div className={`mt-3 overflow-x-auto ${scroll ? 'max-h-80 overflow-y-auto' : ''}`} tabIndex={0} role="region" aria-labelledby={headingId}>
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-white text-xs text-slate-500 uppercase">
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className={`px-2 py-2 font-semibold ${column.numeric ? 'text-right' : ''}`}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index} className="border-t border-slate-100">
                  {columns.map((column, columnIndex) => {
                    const raw = column.csv(row);
                    const shown = column.render ? column.render(row) : typeof raw === 'number' ? formatCount(raw) : raw;
                    return (
                      <td
                        key={column.label}
                        // A day is read whole ('2026-11-24'), never split over two lines.
                        className={`px-2 py-1.5 align-top ${column.numeric ? 'text-right tabular-nums whitespace-nowrap' : typeof raw === 'string' && DAY.test(raw) ? 'whitespace-nowrap' : 'break-words'}`}
                      >
                        {shown}
                        {bar && columnIndex === 0 ? (
                          <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-brand-500/70" style={{ width: `${Math.max(2, (bar(row) / max) * 100)}%` }} />
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
