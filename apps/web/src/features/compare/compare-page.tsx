import type { ProjectDetail } from '@nivaas/contracts/project.schema';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useParams } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { CloseIcon, CompareIcon, RefreshIcon } from '../../components/icons';
import { SearchCombobox } from '../../domain/search/search-combobox';
import { SmartImage } from '../../components/smart-image';
import { isNotFound } from '../../lib/api/error-text';
import { useGetProjectQuery } from '../../lib/api/get-project';
import { cardPhotoUrl } from '../../lib/card-photo';
import {
  COMPARE_LIMIT,
  compareCleared,
  compareRemoved,
  selectCompareItems,
  type CompareEntry,
  type CompareState,
} from '../../domain/compare/compare-slice';
import { formatPriceRange, unitPriceBounds } from '../../lib/format-price';
import { areaRange, configurations, constructionStage, possessionText } from '../../lib/project-facts';
import { projectPath } from '@nivaas/contracts/project-path';
import { builderPath } from '../../domain/search/search-targets';
import { useTrackView } from '../../lib/tracking/use-track-view';

type Column =
  | { entry: CompareEntry; state: 'loading' }
  | { entry: CompareEntry; state: 'missing' }
  | { entry: CompareEntry; state: 'failed'; retry: () => void }
  | { entry: CompareEntry; state: 'ready'; project: ProjectDetail };

/** One request per project in the set. The set holds at most COMPARE_LIMIT, so the hooks are fixed. */
function useColumns(entries: readonly CompareEntry[]): Column[] {
  const queries = [
    useGetProjectQuery(entries[0]?.id ?? skipToken),
    useGetProjectQuery(entries[1]?.id ?? skipToken),
    useGetProjectQuery(entries[2]?.id ?? skipToken),
    useGetProjectQuery(entries[3]?.id ?? skipToken),
  ];
  return entries.slice(0, COMPARE_LIMIT).map((entry, i): Column => {
    const query = queries[i];
    if (!query) return { entry, state: 'loading' };
    if (query.data && query.data.id === entry.id) return { entry, state: 'ready', project: query.data };
    if (query.isError) {
      return isNotFound(query.error) ? { entry, state: 'missing' } : { entry, state: 'failed', retry: () => void query.refetch() };
    }
    return { entry, state: 'loading' };
  });
}

interface Row {
  label: string;
  value: (project: ProjectDetail) => ReactNode;
}

const ROWS: Row[] = [
  {
    label: 'Price range',
    value: (project) => {
      const { min, max } = unitPriceBounds(project.units);
      return <span className="font-bold text-brand-800">{formatPriceRange(min, max)}</span>;
    },
  },
  { label: 'Configurations', value: (project) => configurations(project) },
  { label: 'Area', value: (project) => areaRange(project.units) ?? '-' },
  {
    label: 'Builder',
    value: (project) =>
      project.builder ? (
        <Link to={builderPath(project.builder)} className="font-semibold text-brand-700 hover:underline">
          {project.builder.name}
        </Link>
      ) : (
        '-'
      ),
  },
  { label: 'Location', value: (project) => [project.location.name, project.zone?.name, project.city.name].filter(Boolean).join(', ') },
  { label: 'Status', value: (project) => constructionStage(project) },
  { label: 'Possession', value: (project) => possessionText(project) },
  { label: 'Transaction', value: (project) => project.transactionTag ?? '-' },
  { label: 'Amenities', value: (project) => (project.amenities.length > 0 ? `${project.amenities.length} amenities` : '-') },
  { label: 'RERA', value: (project) => (project.reraNumber ? <span className="font-mono text-xs break-all">{project.reraNumber}</span> : 'Not listed') },
];

function sameName(a: string, b: string): boolean {
  const norm = (value: string) => value.trim().toLowerCase().replace(/[-\s]+/g, ' ');
  return norm(a) === norm(b);
}

/** /Compare and /Compare/{PropertyName} (spec §2, §4): the compare set side by side. */
export function ComparePage() {
  const { propertyName } = useParams();
  const dispatch = useDispatch();
  const items = useSelector((state: { compare: CompareState }) => selectCompareItems(state));
  // /Compare/{PropertyName} puts that project in the first column.
  const named = propertyName ? items.find((item) => sameName(item.name, propertyName)) : undefined;
  const ordered = named ? [named, ...items.filter((item) => item !== named)] : items;
  const columns = useColumns(ordered);
  const title = named ? `Compare ${named.name}` : 'Compare projects';
  // Issue 12: a comparison seen (again when its set changes); nothing to count on the empty page.
  useTrackView('COMPARE_VIEWED', items.length > 0 ? { count: items.length, projectIds: items.map((item) => item.id).join(',') } : null);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-8 lg:px-8">
      <title>{`${title} | Nivaas`}</title>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Compare' }]} />
      <header className="mt-3 mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600">
            {items.length === 0
              ? `Add up to ${COMPARE_LIMIT} projects to see them side by side.`
              : `${items.length} of ${COMPARE_LIMIT} projects. Price, size, builder and possession side by side.`}
          </p>
        </div>
        {items.length > 0 && (
          <button type="button" onClick={() => dispatch(compareCleared())} className="btn-secondary">
            Clear all
          </button>
        )}
      </header>

      {items.length === 0 ? (
        <div className="rounded-3xl bg-white px-5 py-10 text-center shadow-sm ring-1 ring-slate-200 md:py-14">
          <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
            <CompareIcon width={28} height={28} />
          </span>
          <h2 className="mt-4 text-xl font-bold text-slate-900">Nothing to compare yet</h2>
          <p className="mx-auto mt-2 max-w-md text-slate-600">
            Search for a locality, project or builder, then press <strong>Compare</strong> on the projects you like.
          </p>
          <SearchCombobox variant="hero" className="mx-auto mt-6 max-w-xl text-left" />
        </div>
      ) : (
        <CompareTable columns={columns} onRemove={(id) => dispatch(compareRemoved(id))} />
      )}
    </div>
  );
}

function CompareTable({ columns, onRemove }: { columns: Column[]; onRemove: (id: number) => void }) {
  return (
    // Wider than a phone: it scrolls sideways while the row names stay put.
    <div className="-mx-4 overflow-x-auto px-4 pb-2 md:mx-0 md:px-0">
      <table
        // Each project keeps at least 10rem: on a phone the table scrolls rather than squeezing words.
        style={{ minWidth: `${8 + columns.length * 10}rem` }}
        className="w-full table-fixed border-separate border-spacing-0 overflow-hidden rounded-2xl bg-white text-left text-sm shadow-sm ring-1 ring-slate-200">
        <caption className="sr-only">Projects compared side by side</caption>
        <colgroup>
          <col className="w-32 md:w-40" />
          {columns.map((column) => (
            <col key={column.entry.id} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td className="sticky left-0 z-10 border-b border-slate-200 bg-white" />
            {columns.map((column) => (
              <th key={column.entry.id} scope="col" className="border-b border-l border-slate-200 p-3 align-top font-normal">
                <div className="relative">
                  <SmartImage
                    src={column.state === 'ready' ? cardPhotoUrl(column.project.medias) || column.entry.image : column.entry.image}
                    alt="" ratio="3 / 2" className="rounded-xl" sizes="16rem" />
                  <button
                    type="button"
                    onClick={() => onRemove(column.entry.id)}
                    aria-label={`Remove ${column.entry.name} from compare`}
                    className="absolute top-1.5 right-1.5 grid size-8 place-items-center rounded-full bg-white/95 text-slate-700 shadow hover:bg-red-50 hover:text-red-700"
                  >
                    <CloseIcon width={16} height={16} />
                  </button>
                </div>
                <p className="mt-2 font-bold text-slate-900">
                  {column.state === 'ready' ? (
                    <Link to={projectPath(column.project)} className="hover:text-brand-700 hover:underline">
                      {column.project.name}
                    </Link>
                  ) : (
                    column.entry.name
                  )}
                </p>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row, r) => (
            <tr key={row.label} className={r % 2 === 1 ? 'bg-slate-50/70' : ''}>
              <th
                scope="row"
                className={`sticky left-0 z-10 border-slate-200 p-3 align-top text-xs font-bold text-slate-600 uppercase md:tracking-wide ${r % 2 === 1 ? 'bg-slate-50' : 'bg-white'}`}
              >
                {row.label}
              </th>
              {columns.map((column) => (
                <td key={column.entry.id} className="border-l border-slate-200 p-3 align-top text-slate-800">
                  <Cell column={column} row={row} first={r === 0} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ column, row, first }: { column: Column; row: Row; first: boolean }) {
  switch (column.state) {
    case 'ready':
      return <>{row.value(column.project)}</>;
    case 'loading':
      return <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200" aria-label="Loading" />;
    case 'missing':
      return first ? <span className="text-slate-600">No longer listed on Nivaas.</span> : <span aria-hidden="true">-</span>;
    case 'failed':
      return first ? (
        <button type="button" onClick={column.retry} className="inline-flex items-center gap-1 font-semibold text-red-800 hover:underline">
          <RefreshIcon width={14} height={14} /> Could not load. Try again
        </button>
      ) : (
        <span aria-hidden="true">-</span>
      );
  }
}
