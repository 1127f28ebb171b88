import type { Project } from '@nivaas/contracts/project.schema';
import type { OwnerListingsResponse } from '@nivaas/contracts/upload.schema';
import { useId, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { Breadcrumb, segmentLabel, type Crumb } from '../../components/breadcrumb';
import { ErrorState } from '../../components/section-states';
import { serverMessage } from '../../lib/api/error-text';
import { selectBrokerLogin, selectUserLogin } from '../../domain/auth/auth-slice';
import type { LoginRole } from '../../domain/auth/stored-login';
import { showError, showSuccess } from '../../lib/toast';
import { useSentinel } from '../../lib/use-sentinel';
import { useGetOwnerListingsQuery } from './api/get-owner-listings';
import { usePublishListingMutation } from './api/patch-publish';
import { OwnerListingCard } from './components/owner-listing-card';
import { RemarksModal } from './components/remarks-modal';
import { DASHBOARD_TABS, inDateRange, inTab, matchesSearch, mergeById, TAB_LABELS, TAB_SEGMENTS, tabFromPath, type DashboardTab } from './lib/dashboard-rules';

/** spec §4 'Paging': the dashboard loads more when the bottom marker is 10% visible. */
const TEN_PERCENT_VISIBLE: IntersectionObserverInit = { threshold: 0.1 };

/** spec §2: 'Home' then one crumb per path segment; all but the last link to the path so far. */
function crumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return [
    { label: 'Home', to: '/' },
    ...segments.map((segment, index) => ({
      label: segmentLabel(segment),
      to: index < segments.length - 1 ? `/${segments.slice(0, index + 1).join('/')}` : undefined,
    })),
  ];
}

const COUNTERS: { key: keyof OwnerListingsResponse['counters']; label: string }[] = [
  { key: 'total', label: 'Total Uploads' },
  { key: 'rejected', label: 'Rejected Properties' },
  { key: 'pending', label: 'Pending Properties' },
  { key: 'approved', label: 'Approved Properties' },
  { key: 'live', label: 'Live Properties' },
];

interface OwnerUploadsProps {
  role: LoginRole;
  /** The route the dashboard lives at, for the tab addresses (/ViewallUploads or /uploded-properties). */
  basePath: string;
  /** Where the Remarks modal's Edit goes (spec §2: /upload-property for a broker). */
  editPath: string;
  title: string;
}

/**
 * spec §2 'Broker uploads dashboard': counters, tabs, the §5 search and date filter, cards, remarks, leads, and
 * infinite loading de-duplicated by id (spec §4). Users get the same screen for their own uploads.
 */
function OwnerUploads({ role, basePath, editPath, title }: OwnerUploadsProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const login = useSelector(role === 'broker' ? selectBrokerLogin : selectUserLogin);
  const ownerId = login?.id ?? 0;
  const [tab, setTab] = useState<DashboardTab>(() => tabFromPath(location.pathname));
  const [query, setQuery] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<Project[]>([]);
  const [seen, setSeen] = useState<OwnerListingsResponse | undefined>(undefined);
  const [openLeads, setOpenLeads] = useState<number | null>(null);
  const [remarksFor, setRemarksFor] = useState<Project | null>(null);
  const [publish, publishing] = usePublishListingMutation();
  const ids = useId();

  const listings = useGetOwnerListingsQuery({ role, ownerId, page }, { skip: ownerId === 0, refetchOnMountOrArgChange: true });
  // spec §4: each page is appended with duplicates removed by id (a listing edited meanwhile moves between pages).
  if (listings.data && listings.data !== seen) {
    setSeen(listings.data);
    setItems((current) => mergeById(current, listings.data?.projects ?? []));
  }
  const hasMore = seen?.pagination.hasMore ?? false;
  const marker = useSentinel(() => setPage((current) => current + 1), hasMore && !listings.isFetching && !listings.error, TEN_PERCENT_VISIBLE);

  const shown = useMemo(
    () => items.filter((project) => inTab(project, tab) && matchesSearch(project, query) && inDateRange(project.updatedAt, from, to)),
    [items, tab, query, from, to],
  );

  const chooseTab = (next: DashboardTab) => {
    setTab(next);
    setOpenLeads(null);
    const segment = TAB_SEGMENTS[next];
    void navigate(segment ? `${basePath}/${segment}` : basePath, { replace: true });
  };

  const toggleDisplay = async (project: Project) => {
    const status = project.status === 'active' ? 'inactive' : 'active';
    const result = await publish({ id: project.id, status, role });
    if ('data' in result && result.data) {
      const updated = result.data.project;
      // spec §4: on success the matching property in the list takes the new status.
      setItems((current) => current.map((item) => (item.id === updated.id ? { ...item, status: updated.status, updatedAt: updated.updatedAt } : item)));
      showSuccess(result.data.message);
      void listings.refetch();
    } else {
      showError(serverMessage(result.error) ?? 'Something went wrong');
    }
  };

  const counters = seen?.counters;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10 lg:px-8">
      <title>{`${title} | Nivaas`}</title>
      <Breadcrumb items={crumbsFor(location.pathname)} />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>

      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Your uploads at a glance">
        {COUNTERS.map(({ key, label }) => (
          <li key={key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <p className="text-2xl font-bold text-slate-900">{counters ? counters[key] : '–'}</p>
            <p className="text-sm text-slate-600">{label}</p>
          </li>
        ))}
      </ul>

      <div role="group" aria-label="Filter by state" className="mt-6 flex gap-2 overflow-x-auto pb-1">
        {DASHBOARD_TABS.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={tab === name}
            onClick={() => chooseTab(name)}
            className={`shrink-0 rounded-full px-4 py-2 text-sm font-semibold ring-1 ${tab === name ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
          >
            {TAB_LABELS[name]}
          </button>
        ))}
      </div>

      <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <label className="block">
          <span className="sr-only">Search your uploads</span>
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Location, Property Type, Facing, Unit Types"
            className="w-full rounded-full border border-slate-300 px-4 py-2 text-sm"
          />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700" htmlFor={`${ids}-from`}>
          From
          <input id={`${ids}-from`} type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} className="rounded-lg border border-slate-300 px-2 py-1.5" />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700" htmlFor={`${ids}-to`}>
          To
          <input id={`${ids}-to`} type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} className="rounded-lg border border-slate-300 px-2 py-1.5" />
        </label>
      </div>
      {(from === '') !== (to === '') && <p className="mt-2 text-xs text-slate-600">Set both dates to filter by last update.</p>}

      <section aria-label="Your uploads" className="mt-6">
        {listings.error && items.length === 0 ? (
          <ErrorState title="Your uploads could not load" message={serverMessage(listings.error) ?? undefined} onRetry={() => void listings.refetch()} />
        ) : listings.isLoading || (!seen && ownerId !== 0) ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading your uploads">
            {Array.from({ length: 6 }, (_, index) => (
              <li key={index} className="h-80 animate-pulse rounded-2xl bg-slate-100" />
            ))}
          </ul>
        ) : shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-5 py-10 text-center font-semibold text-slate-800">No Properties Found...</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((project) => (
              <li key={project.id}>
                <OwnerListingCard
                  project={project}
                  role={role}
                  showApproval={tab === 'all'}
                  leadsOpen={openLeads === project.id}
                  onToggleLeads={() => setOpenLeads((open) => (open === project.id ? null : project.id))}
                  onToggleDisplay={() => void toggleDisplay(project)}
                  displayBusy={publishing.isLoading && publishing.originalArgs?.id === project.id}
                  onShowRemarks={() => setRemarksFor(project)}
                />
              </li>
            ))}
          </ul>
        )}
        {hasMore && <div ref={marker} className="h-10" aria-hidden="true" />}
        {listings.isFetching && page > 1 && (
          <p role="status" className="mt-4 text-center text-sm text-slate-600">
            Loading more…
          </p>
        )}
      </section>

      {remarksFor && (
        <RemarksModal
          listingName={remarksFor.name}
          remarks={remarksFor.remarks}
          onClose={() => setRemarksFor(null)}
          onEdit={() => void navigate(editPath, { state: { property: remarksFor } })}
        />
      )}
    </div>
  );
}

/** /ViewallUploads/{page?} (spec §2): an approved broker's uploads. */
export function ViewAllUploadsPage() {
  return <OwnerUploads role="broker" basePath="/ViewallUploads" editPath="/upload-property" title="Your uploads" />;
}

/** /uploded-properties (spec §2, the spec's spelling): a user's own uploads with approval and remarks. */
export function UserUploadsPage() {
  return <OwnerUploads role="user" basePath="/uploded-properties" editPath="/list-your-properties" title="Your uploaded properties" />;
}
