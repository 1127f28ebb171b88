import { CSV_TYPE, PROJECT_IMPORT_COLUMNS, XLSX_TYPE, type ProjectImportReport } from '@nivaas/contracts/project-import.schema';
import { downloadCsv, toCsv } from '@nivaas/client-kit/csv';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../lib/console-context';
import { importProjects } from './people-api';

type Step =
  | { kind: 'idle' }
  | { kind: 'sending'; mode: 'dry-run' | 'import'; fraction: number }
  | { kind: 'report'; report: ProjectImportReport }
  | { kind: 'failed'; message: string };

const TEMPLATE_NAME = 'nivaas-projects-import-template.csv';

/** The template: the header and two unit rows of one project, from the contract's examples. */
function templateCsv(): string {
  const example = PROJECT_IMPORT_COLUMNS.map((column) => column.example);
  const second = PROJECT_IMPORT_COLUMNS.map((column) =>
    column.name === 'unit_type' ? '3' : column.name === 'unit_min_price' ? '12500000' : column.name === 'unit_max_price' ? '13800000' : column.name === 'unit_area_sqft' ? '1650' : column.example,
  );
  return toCsv(
    PROJECT_IMPORT_COLUMNS.map((column) => column.name),
    [example, second],
  );
}

function typeOf(file: File): string {
  return /\.xlsx$/i.test(file.name) || file.type === XLSX_TYPE ? XLSX_TYPE : CSV_TYPE;
}

/**
 * Issue 14: the bulk import of builders' projects. Pick a CSV or XLSX file, check it (a dry run: nothing is written),
 * read the refused cells by row and column, fix the file and check again; once every row is valid, import it: every
 * project is created in one transaction, or none.
 */
export function ProjectImport() {
  const api = useApi();
  const inputId = useId();
  const headingId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  async function send(mode: 'dry-run' | 'import') {
    if (!file) return;
    setStep({ kind: 'sending', mode, fraction: 0 });
    try {
      const report = await importProjects(api, file, typeOf(file), mode, (fraction) => setStep({ kind: 'sending', mode, fraction }));
      setStep({ kind: 'report', report });
    } catch (error) {
      setStep({ kind: 'failed', message: error instanceof Error ? error.message : 'Something went wrong!' });
    }
  }

  const report = step.kind === 'report' ? step.report : null;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          Import projects
        </h2>
        <button type="button" className="pc-btn-secondary" onClick={() => downloadCsv(TEMPLATE_NAME, templateCsv())}>
          Download the template (CSV)
        </button>
      </div>
      <p className="text-sm text-slate-700">
        One row per unit, with the project&apos;s columns repeated on each of its rows. Builders, cities, zones and localities are named as they are in
        the catalogue. Checking a file writes nothing; importing creates every project at once, or none.
      </p>

      <form
        className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        onSubmit={(event) => {
          event.preventDefault();
          void send('dry-run');
        }}
      >
        <label htmlFor={inputId} className="text-sm font-semibold text-slate-800">
          File (CSV UTF-8 or XLSX)
        </label>
        <input
          id={inputId}
          ref={fileRef}
          type="file"
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="mt-1 block w-full text-sm"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setStep({ kind: 'idle' });
          }}
        />
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <button type="submit" className="pc-btn-primary" disabled={!file || step.kind === 'sending'}>
            Check the file
          </button>
          {report && report.mode === 'dry-run' && report.errorCount === 0 ? (
            <button type="button" className="pc-btn-primary" disabled={step.kind !== 'report'} onClick={() => void send('import')}>
              Import {report.projects.toLocaleString('en-IN')} {report.projects === 1 ? 'project' : 'projects'}
            </button>
          ) : null}
        </div>
        {step.kind === 'sending' ? (
          <div className="mt-3" role="status">
            <p className="text-sm text-slate-700">
              {step.fraction < 1 ? `Uploading… ${Math.round(step.fraction * 100)}%` : step.mode === 'import' ? 'Importing…' : 'Checking every row…'}
            </p>
            <progress className="mt-1 w-full" max={1} value={step.fraction} aria-label="Upload progress" />
          </div>
        ) : null}
        {step.kind === 'failed' ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {step.message}
          </p>
        ) : null}
      </form>

      {report ? <ImportReport report={report} /> : null}

      <details className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <summary className="cursor-pointer text-sm font-semibold text-slate-800">The columns</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead cells={['Column', 'Needed', 'What it holds']} />
            <tbody className="divide-y divide-slate-100">
              {PROJECT_IMPORT_COLUMNS.map((column) => (
                <tr key={column.name}>
                  <td className="py-1 pr-3 font-mono text-xs">{column.name}</td>
                  <td className="py-1 pr-3">{column.required ? 'Yes' : 'No'}</td>
                  <td className="py-1 break-words">{column.about}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** The header row of the screen's two small tables (the refused cells, the columns). */
function TableHead({ cells }: { cells: string[] }) {
  return (
    <thead className="text-xs text-slate-600 uppercase">
      <tr>
        {cells.map((cell, index) => (
          <th key={cell} scope="col" className={`py-1 ${index < cells.length - 1 ? 'pr-3' : ''}`}>
            {cell}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function ImportReport({ report }: { report: ProjectImportReport }) {
  const headingId = useId();
  const ok = report.errorCount === 0;
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 id={headingId} className="font-bold text-slate-900">
        {report.imported ? 'Imported' : ok ? 'Ready to import' : 'Rows to fix'}
      </h3>
      <p role="status" className={`mt-1 text-sm font-medium ${ok ? 'text-green-800' : 'text-red-800'}`}>
        {report.message}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {[
          ['Rows', report.rows],
          ['Valid rows', report.validRows],
          ['Refused rows', report.refusedRows],
          [report.imported ? 'Projects created' : 'Valid projects', report.projects],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-bold text-slate-900">{Number(value).toLocaleString('en-IN')}</dd>
          </div>
        ))}
      </dl>
      {report.imported && report.createdProjectIds[0] !== undefined ? (
        <p className="mt-3 text-sm">
          <Link to={`../projects/${report.createdProjectIds[0]}`} relative="path" className="font-semibold text-brand-700 underline">
            Open the first imported project
          </Link>
        </p>
      ) : null}
      {report.errors.length > 0 ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Refused cells">
            <TableHead cells={['Row', 'Column', 'Why']} />
            <tbody className="divide-y divide-slate-100">
              {report.errors.map((error) => (
                <tr key={`${error.row}-${error.column}-${error.message}`}>
                  <td className="py-1 pr-3 tabular-nums">{error.row}</td>
                  <td className="py-1 pr-3 font-mono text-xs break-all">{error.column}</td>
                  <td className="py-1 break-words">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.errorCount > report.errors.length ? (
            <p className="mt-2 text-xs text-slate-600">
              The first {report.errors.length.toLocaleString('en-IN')} of {report.errorCount.toLocaleString('en-IN')} refused cells are shown.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
