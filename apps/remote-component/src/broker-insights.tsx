import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  BROKER_INSIGHT_WINDOWS,
  BrokerInsightsResponseSchema,
  BrokerViewerSearchesResponseSchema,
  type BrokerInsightWindow,
  type BrokerInsightsResponse,
  type BrokerViewerSearchesResponse,
  type ListingInsight,
  type ViewerSearch,
} from '@nivaas/contracts/analytics.schema';
import { LEAD_STAGE_LABELS, LEAD_STAGES } from '@nivaas/contracts/lead.schema';
import { DailyChart } from './components/daily-chart';
import { TableCard } from './components/table-card';
import { formatBhk, formatBudget, formatCount, formatDateTime, formatDay, formatPlace, formatRate, formatSearch, formatWait } from './lib/format';
import './insights.css';

export interface BrokerInsightsProps {
  /**
   * GET /api/broker/insights?days= with the signed-in broker's token, given by the host (its request layer refreshes
   * the token on a 401). Resolves with the JSON body, which is parsed here with the contract; rejects with an Error
   * whose message a person can read.
   */
  loadInsights: (days: BrokerInsightWindow) => Promise<unknown>;
  /**
   * GET /api/broker/insights/searches?days= the same way: what the viewers of the broker's listings had searched for
   * (decision 030). Loaded beside the figures, so a slow answer here never holds the rest of the page.
   */
  loadViewerSearches: (days: BrokerInsightWindow) => Promise<unknown>;
}

/** The answer to one request (the window and the how-manyth Refresh), so a late answer never shows for another. */
type Answer<T> = { key: string } & ({ ok: true; data: T } | { ok: false; message: string });
type Result = Answer<BrokerInsightsResponse>;
type SearchesResult = Answer<BrokerViewerSearchesResponse>;

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: BrokerInsightsResponse; refreshing: boolean };

const UNREADABLE = 'The server sent figures this page could not read.';

/**
 * Asks `load` for a window's answer and hands `set` what it parses to under the contract (or what failed), keyed by
 * the request: an answer that arrives after the broker moved on is dropped.
 */
function useAnswer<T>(
  load: (days: BrokerInsightWindow) => Promise<unknown>,
  contract: { safeParse: (body: unknown) => { success: true; data: T } | { success: false } },
  days: BrokerInsightWindow,
  key: string,
  failed: string,
  set: (answer: Answer<T>) => void,
) {
  useEffect(() => {
    let live = true;
    load(days).then(
      (body) => {
        if (!live) return;
        const parsed = contract.safeParse(body);
        set(parsed.success ? { key, ok: true, data: parsed.data } : { key, ok: false, message: UNREADABLE });
      },
      (error: unknown) => {
        if (live) set({ key, ok: false, message: error instanceof Error && error.message ? error.message : failed });
      },
    );
    return () => {
      live = false;
    };
  }, [load, contract, days, key, failed, set]);
}

/**
 * /RemoteComponent (issue 13), exposed to the host as `./BrokerInsights`: the signed-in approved broker's own
 * listings over 7, 30 or 90 days. The host has already checked the sign-in and approval; every figure comes from
 * the API's rollups (never raw events). It renders inside the host's router (react-router is a shared singleton).
 */
export default function BrokerInsights({ loadInsights, loadViewerSearches }: BrokerInsightsProps) {
  const [days, setDays] = useState<BrokerInsightWindow>(30);
  const [request, setRequest] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const [searches, setSearches] = useState<SearchesResult | null>(null);
  const key = `${days}:${request}`;

  useAnswer(loadInsights, BrokerInsightsResponseSchema, days, key, 'Could not load your insights.', setResult);
  useAnswer(loadViewerSearches, BrokerViewerSearchesResponseSchema, days, key, 'Could not load what your viewers searched for.', setSearches);

  // While a new answer is on its way the last figures stay on screen, marked as refreshing.
  const current = result?.key === key ? result : null;
  const state: State =
    current?.ok === false
      ? { status: 'error', message: current.message }
      : result?.ok
        ? { status: 'ready', data: result.data, refreshing: current === null }
        : { status: 'loading' };

  const refresh = useCallback(() => setRequest((value) => value + 1), []);

  return (
    <div className="ri-root min-h-dvh bg-slate-100 font-sans text-slate-900 antialiased">
      <title>Your listings' insights | Nivaas</title>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="text-lg font-bold text-brand-700">
            Nivaas
          </Link>
          <nav aria-label="Broker pages" className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
            <Link to="/ViewallUploads" className="text-slate-700 hover:text-brand-700">
              Your uploads
            </Link>
            <Link to="/leads" className="text-slate-700 hover:text-brand-700">
              Leads
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-5 px-4 py-5 sm:py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">Your listings' insights</h1>
            <p className="mt-1 text-sm text-slate-600">
              {state.status === 'ready'
                ? `${formatDay(state.data.range.from)} to ${formatDay(state.data.range.to)} (${state.data.range.days} days, India time)`
                : 'Views, visitors and enquiries on your own listings.'}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label="Period" className="inline-flex rounded-full bg-white p-1 ring-1 ring-slate-300">
              {BROKER_INSIGHT_WINDOWS.map((window) => (
                <button
                  key={window}
                  type="button"
                  aria-pressed={days === window}
                  onClick={() => setDays(window)}
                  className={`min-h-9 rounded-full px-3 text-sm font-semibold ${days === window ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  {window} days
                </button>
              ))}
            </div>
            <button type="button" className="ri-btn-secondary" onClick={refresh} disabled={state.status === 'loading' || (state.status === 'ready' && state.refreshing)}>
              {state.status === 'ready' && state.refreshing ? 'Refreshing…' : 'Refresh'}
            </button>
          </div>
        </div>

        {state.status === 'loading' && (
          <p role="status" className="rounded-2xl bg-white p-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">
            Loading your insights…
          </p>
        )}
        {state.status === 'error' && (
          <div role="alert" className="rounded-2xl bg-white p-6 text-center ring-1 ring-red-200">
            <p className="font-semibold text-red-800">We couldn’t load your insights.</p>
            <p className="mt-1 text-sm text-slate-600">{state.message}</p>
            <button type="button" className="ri-btn-primary mt-4" onClick={refresh}>
              Try again
            </button>
          </div>
        )}
        {state.status === 'ready' && <Insights data={state.data} days={days} searches={searches?.key === key ? searches : null} onRetry={refresh} />}
      </main>
    </div>
  );
}

function Insights({ data, days, searches, onRetry }: { data: BrokerInsightsResponse; days: BrokerInsightWindow; searches: SearchesResult | null; onRetry: () => void }) {
  const { totals, listings } = data;
  const suffix = `${days}-days`;
  if (listings.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">
        You have no listings yet. Upload one and its views and enquiries will show here.{' '}
        <Link to="/upload-property" className="font-semibold text-brand-700 underline">
          Upload a property
        </Link>
      </p>
    );
  }
  const unseen = listings.filter((listing) => listing.seenNotEnquired);
  return (
    <>
      <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Views" value={formatCount(totals.views)} />
        <Figure label="Unique visitors" value={formatCount(totals.visitors)} />
        <Figure label="Enquiries" value={formatCount(totals.enquiries)} />
        <Figure label="Enquiry rate" value={formatRate(totals.enquiryRate)} />
      </section>
      <section aria-label="Leads by stage" className="flex flex-wrap gap-2 text-sm">
        {LEAD_STAGES.map((stage) => (
          <span key={stage} className="rounded-full bg-white px-3 py-1 ring-1 ring-slate-200">
            {LEAD_STAGE_LABELS[stage]}: <strong>{formatCount(totals.leadsByStage[stage])}</strong>
          </span>
        ))}
      </section>

      <TableCard
        title="By day"
        description="Views, visitors and enquiries on your listings each day."
        fileName={`insights-daily-${suffix}`}
        csvHeader={['Day', 'Views', 'Visitors', 'Enquiries']}
        csvRows={data.daily.map((day) => [day.day, day.views, day.visitors, day.enquiries])}
      >
        <DailyChart daily={data.daily} />
        <table className="sr-only">
          <caption>Views, visitors and enquiries by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Visitors</th>
              <th scope="col">Enquiries</th>
            </tr>
          </thead>
          <tbody>
            {data.daily.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDay(day.day)}</th>
                <td>{formatCount(day.views)}</td>
                <td>{formatCount(day.visitors)}</td>
                <td>{formatCount(day.enquiries)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>

      <ListingsTable listings={listings} suffix={suffix} />

      <TableCard
        title="Seen but not enquired about"
        description="Listings people viewed in this period without sending an enquiry: worth a look at their photos, price and details."
        fileName={`insights-seen-not-enquired-${suffix}`}
        csvHeader={['Listing', 'Views', 'Visitors']}
        csvRows={unseen.map((listing) => [listing.name, listing.views, listing.visitors])}
      >
        {unseen.length === 0 ? (
          <p className="text-sm text-slate-600">Every listing viewed in this period got an enquiry.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Listings seen but not enquired about">
            {unseen.map((listing) => (
              <li key={listing.projectId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link to={listing.path} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {listing.name}
                </Link>
                <span className="text-slate-600">
                  {formatCount(listing.views)} views, {formatCount(listing.visitors)} visitors, no enquiry
                </span>
              </li>
            ))}
          </ul>
        )}
      </TableCard>

      <ViewerSearchesCard result={searches} suffix={suffix} onRetry={onRetry} />
      <ModerationTable listings={listings} suffix={suffix} />
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
    </div>
  );
}

const APPROVAL_LABELS: Record<ListingInsight['approval'], string> = { approved: 'Approved', pending: 'Pending', rejected: 'Rejected' };

function ListingsTable({ listings, suffix }: { listings: readonly ListingInsight[]; suffix: string }) {
  return (
    <TableCard
      title="Your listings"
      description="Most viewed first."
      fileName={`insights-listings-${suffix}`}
      csvHeader={['Listing', 'Status', 'Approval', 'Views', 'Visitors', 'Enquiries', 'Enquiry rate', ...LEAD_STAGES.map((stage) => `Leads: ${LEAD_STAGE_LABELS[stage]}`)]}
      csvRows={listings.map((listing) => [
        listing.name,
        listing.status === 'active' ? 'Live' : 'Hidden',
        APPROVAL_LABELS[listing.approval],
        listing.views,
        listing.visitors,
        listing.enquiries,
        Number(listing.enquiryRate.toFixed(4)),
        ...LEAD_STAGES.map((stage) => listing.leadsByStage[stage]),
      ])}
    >
      <table className="ri-table min-w-[640px]">
        <caption className="sr-only">Views, visitors, enquiries and leads per listing</caption>
        <thead>
          <tr>
            <th scope="col">Listing</th>
            <th scope="col" className="text-right">Views</th>
            <th scope="col" className="text-right">Visitors</th>
            <th scope="col" className="text-right">Enquiries</th>
            <th scope="col" className="text-right">Enquiry rate</th>
            <th scope="col">Leads by stage</th>
          </tr>
        </thead>
        <tbody>
          {listings.map((listing) => (
            <tr key={listing.projectId}>
              <th scope="row">
                <Link to={listing.path} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {listing.name}
                </Link>
                <span className="block text-xs font-normal text-slate-500">
                  {listing.status === 'active' ? 'Live' : 'Hidden'} · {APPROVAL_LABELS[listing.approval]}
                </span>
              </th>
              <td className="text-right tabular-nums">{formatCount(listing.views)}</td>
              <td className="text-right tabular-nums">{formatCount(listing.visitors)}</td>
              <td className="text-right tabular-nums">{formatCount(listing.enquiries)}</td>
              <td className="text-right tabular-nums">{formatRate(listing.enquiryRate)}</td>
              <td className="text-xs text-slate-600">
                {LEAD_STAGES.filter((stage) => listing.leadsByStage[stage] > 0)
                  .map((stage) => `${LEAD_STAGE_LABELS[stage]} ${formatCount(listing.leadsByStage[stage])}`)
                  .join(', ') || 'None'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

const FILTERS: { key: 'byBhk' | 'byBudget' | 'byPlace'; label: string; text: (search: ViewerSearch) => string }[] = [
  { key: 'byBhk', label: 'BHK', text: (search) => formatBhk(search.bhk) },
  { key: 'byBudget', label: 'Budget', text: (search) => formatBudget(search.budget) },
  { key: 'byPlace', label: 'Locality', text: formatPlace },
];

/** "What viewers searched for" (issue 13, decision 030): the searches that led to views of the broker's listings. */
function ViewerSearchesCard({ result, suffix, onRetry }: { result: SearchesResult | null; suffix: string; onRetry: () => void }) {
  const data = result?.ok ? result.data : null;
  const csvRows = data
    ? [
        ...data.top.map((search) => ['All your listings', formatBhk(search.bhk), formatBudget(search.budget), formatPlace(search), search.searches]),
        ...data.listings.flatMap((listing) => listing.top.map((search) => [listing.name, formatBhk(search.bhk), formatBudget(search.budget), formatPlace(search), search.searches])),
      ]
    : [];
  return (
    <TableCard
      title="What viewers searched for"
      description="Searches made in this period that were followed by a view of one of your listings, by the same visitor: a search counts once for each listing it led to."
      fileName={`insights-viewer-searches-${suffix}`}
      csvHeader={['Listing', 'BHK', 'Budget', 'Locality', 'Searches']}
      csvRows={csvRows}
    >
      {result === null && (
        <p role="status" className="text-sm text-slate-600">
          Loading what your viewers searched for…
        </p>
      )}
      {result?.ok === false && (
        <div role="alert" className="text-sm">
          <p className="text-red-800">We couldn’t load what your viewers searched for. {result.message}</p>
          <button type="button" className="ri-btn-secondary mt-2" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {data !== null && data.searches === 0 && (
        <p className="text-sm text-slate-600">
          None yet in this period. When buyers search by BHK, budget or locality and then open one of your listings, their searches show here.
        </p>
      )}
      {data !== null && data.searches > 0 && <ViewerSearches data={data} />}
    </TableCard>
  );
}

function ViewerSearches({ data }: { data: BrokerViewerSearchesResponse }) {
  // Listings no search led to are counted in a line rather than listed one by one.
  const searched = data.listings.filter((listing) => listing.searches > 0);
  const quiet = data.listings.length - searched.length;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        <strong className="tabular-nums">{formatCount(data.searches)}</strong> {data.searches === 1 ? 'search' : 'searches'} led to views of your listings.
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        {FILTERS.map(({ key, label, text }) => {
          const rows = data[key];
          const top = Math.max(1, ...rows.map((row) => row.searches));
          return (
            <div key={key}>
              <h3 className="text-sm font-semibold text-slate-800">{label}</h3>
              {rows.length === 0 ? (
                <p className="mt-1 text-sm text-slate-500">Not set in these searches</p>
              ) : (
                <ul className="mt-2 space-y-2" aria-label={`${label} searched`}>
                  {rows.map((row) => (
                    <li key={text(row)} className="text-sm">
                      <div className="flex justify-between gap-2">
                        <span className="min-w-0 break-words">{text(row)}</span>
                        <span className="tabular-nums text-slate-600">
                          {formatCount(row.searches)}
                          <span className="sr-only"> {row.searches === 1 ? 'search' : 'searches'}</span>
                        </span>
                      </div>
                      <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                        <div className="h-1.5 rounded-full bg-brand-500" style={{ width: `${(row.searches / top) * 100}%` }} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>

      <table className="ri-table">
        <caption className="ri-caption">Most common searches before a view, over all your listings</caption>
        <thead>
          <tr>
            <th scope="col">BHK</th>
            <th scope="col">Budget</th>
            <th scope="col">Locality</th>
            <th scope="col" className="text-right">Searches</th>
          </tr>
        </thead>
        <tbody>
          {data.top.map((search) => (
            <tr key={formatSearch(search)}>
              <td>{formatBhk(search.bhk)}</td>
              <td>{formatBudget(search.budget)}</td>
              <td>{formatPlace(search)}</td>
              <td className="text-right tabular-nums">{formatCount(search.searches)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <table className="ri-table">
        <caption className="ri-caption">Per listing: the searches that led to it</caption>
        <thead>
          <tr>
            <th scope="col">Listing and its most common searches</th>
            <th scope="col" className="text-right">Searches</th>
          </tr>
        </thead>
        <tbody>
          {searched.map((listing) => (
            <tr key={listing.projectId}>
              <th scope="row">
                {listing.name}
                <ul className="mt-1 space-y-0.5 text-xs font-normal text-slate-600">
                  {listing.top.map((search) => (
                    <li key={formatSearch(search)} className="break-words">
                      {formatSearch(search)} <span className="tabular-nums">({formatCount(search.searches)})</span>
                    </li>
                  ))}
                </ul>
              </th>
              <td className="text-right tabular-nums">{formatCount(listing.searches)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {quiet > 0 && (
        <p className="text-sm text-slate-600">
          {quiet === 1 ? 'One other listing' : `${formatCount(quiet)} other listings`}: no search led to {quiet === 1 ? 'it' : 'them'} in this period.
        </p>
      )}
    </div>
  );
}

/**
 * A listing still pending waits until now; a decided one waited until its decision. A listing decided with no
 * decision on record (older data) has no wait to show, rather than an ever-growing one marked as waiting.
 */
function ModerationWait({ listing }: { listing: ListingInsight }) {
  const { decidedAt, waitHours } = listing.moderation;
  if (decidedAt !== null) return <>{formatWait(waitHours)}</>;
  if (listing.approval !== 'pending') return <span className="text-slate-500">Not recorded</span>;
  return (
    <>
      {formatWait(waitHours)}
      <span className="block text-xs text-amber-700">still waiting</span>
    </>
  );
}

function ModerationTable({ listings, suffix }: { listings: readonly ListingInsight[]; suffix: string }) {
  return (
    <TableCard
      title="Moderation"
      description="How long each listing waited for the provider's decision, and the provider's remarks."
      fileName={`insights-moderation-${suffix}`}
      csvHeader={['Listing', 'Approval', 'Submitted', 'Decided', 'Waited (hours)', 'Remarks']}
      csvRows={listings.map((listing) => [
        listing.name,
        APPROVAL_LABELS[listing.approval],
        listing.moderation.submittedAt,
        listing.moderation.decidedAt ?? '',
        listing.moderation.decidedAt === null && listing.approval !== 'pending' ? '' : listing.moderation.waitHours,
        listing.moderation.remarks.map((remark) => remark.remark).join(' | '),
      ])}
    >
      <table className="ri-table min-w-[640px]">
        <caption className="sr-only">Moderation wait and remarks per listing</caption>
        <thead>
          <tr>
            <th scope="col">Listing</th>
            <th scope="col">Submitted</th>
            <th scope="col">Waited</th>
            <th scope="col">Provider's remarks</th>
          </tr>
        </thead>
        <tbody>
          {listings.map((listing) => (
            <tr key={listing.projectId}>
              <th scope="row">
                {listing.name}
                <span className="block text-xs font-normal text-slate-500">{APPROVAL_LABELS[listing.approval]}</span>
              </th>
              <td className="text-sm">{formatDateTime(listing.moderation.submittedAt)}</td>
              <td className="text-sm tabular-nums">
                <ModerationWait listing={listing} />
              </td>
              <td className="text-sm">
                {listing.moderation.remarks.length === 0 ? (
                  <span className="text-slate-500">None</span>
                ) : (
                  <ul className="space-y-1">
                    {listing.moderation.remarks.map((remark) => (
                      <li key={`${remark.at}-${remark.remark}`} className="break-words">
                        {remark.remark} <span className="text-xs text-slate-500">({formatDateTime(remark.at)})</span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}
