import type { ReactNode } from 'react';
import { downloadCsv, toCsv, type CsvCell } from '@nivaas/client-kit/csv';

interface TableCardProps {
  title: string;
  description?: string;
  /** File name of the CSV export, without extension. */
  fileName: string;
  csvHeader: readonly string[];
  csvRows: readonly (readonly CsvCell[])[];
  children: ReactNode;
}

/** A titled table with its 'Download CSV' button (issue 13: CSV export of each table, done in the browser). */
export function TableCard({ title, description, fileName, csvHeader, csvRows, children }: TableCardProps) {
  const id = `ri-${fileName}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        <button
          type="button"
          className="ri-btn-secondary"
          aria-label={`Download CSV: ${title}`}
          disabled={csvRows.length === 0}
          onClick={() => downloadCsv(`${fileName}.csv`, toCsv(csvHeader, csvRows))}
        >
          Download CSV
        </button>
      </div>
      <div className="mt-3 overflow-x-auto">{children}</div>
    </section>
  );
}
