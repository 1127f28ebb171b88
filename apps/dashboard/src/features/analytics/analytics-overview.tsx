import type { AnalyticsOverviewResponse, ModerationAge, OverviewDay, OverviewTop } from '@nivaas/contracts/analytics.schema';
import { Link } from 'react-router';
import { DailyChart, type ChartSeries } from '../../components/daily-chart';
import { EmptyState, ErrorState } from '../../components/states';
import { getOverview } from '../../lib/analytics-api';
import { useApi } from '../../lib/console-context';
import { formatCount, formatRate, formatWait } from '../../lib/format';
import { DataTable } from './data-table';
import { Card, Figure, Legend, Loading } from './parts';
import { RangePicker } from './range-picker';
import { useLoad, useRange } from './use-range';

const TRAFFIC: readonly ChartSeries<OverviewDay>[] = [
  { label: 'Page views', stroke: '#1d786b', value: (day) => day.pageViews },
  { label: 'Visits', stroke: '#2563eb', value: (day) => day.sessions },
  { label: 'Visitors', stroke: '#9333ea', value: (day) => day.visitors },
];
const ACTIONS: readonly ChartSeries<OverviewDay>[] = [
  { label: 'Enquiries', stroke: '#c2410c', value: (day) => day.enquiries },
  { label: 'Sign-ins', stroke: '#0f766e', value: (day) => day.signIns },
];
const DECISIONS: readonly ChartSeries<ModerationAge['decisionsByDay'][number]>[] = [
  { label: 'Approved', stroke: '#15803d', value: (day) => day.approved },
  { label: 'Rejected', stroke: '#b91c1c', value: (day) => day.rejected },
];

/** Issue 13: the provider's overview of the site over a date range, read from the rollups. */
export function AnalyticsOverview({ basePath }: { basePath: string }) {
  const api = useApi();
  const [choice, setRange, query] = useRange();
  const [state, retry] = useLoad(() => getOverview(api, choice.range), `${choice.range.from}/${choice.range.to}`);

  return (
    <section aria-labelledby="analytics-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="analytics-heading" className="text-xl font-bold text-slate-900">
          Analytics
        </h2>
        <Link to={`${basePath}/analytics/brokers?${query}`} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          A broker's figures
        </Link>
      </div>
      <RangePicker key={`${choice.range.from}/${choice.range.to}`} choice={choice} onChange={setRange} />
      {state.status === 'loading' ? <Loading label="Loading the analytics…" /> : null}
      {state.status === 'error' ? <ErrorState title="The analytics could not be loaded." message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' ? <Overview data={state.data} basePath={basePath} query={query} /> : null}
    </section>
  );
}

function Overview({ data, basePath, query }: { data: AnalyticsOverviewResponse; basePath: string; query: string }) {
  const { totals, daily, top, moderation, range } = data;
  const file = (name: string) => `nivaas-${name}-${range.from}-to-${range.to}`;
  const nothing = totals.pageViews === 0 && totals.sessions === 0 && totals.leads === 0 && totals.enquiries === 0;
  return (
    <>
      <p className="text-sm text-slate-600" aria-live="polite">
        {range.from} to {range.to} ({formatCount(range.days)} days, India time)
      </p>
      {nothing ? (
        <EmptyState title="Nothing was recorded in this range.">Choose a longer range, or wait for visitors.</EmptyState>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Visits" value={formatCount(totals.sessions)} note="Sessions that sent an event" />
        <Figure label="Page views" value={formatCount(totals.pageViews)} />
        <Figure label="Unique visitors" value={formatCount(totals.visitors)} note="Distinct over the range" />
        <Figure label="Sign-ins" value={formatCount(totals.signIns)} />
        <Figure label="Enquiries" value={formatCount(totals.enquiries)} note="Enquiry and contact forms sent" />
        <Figure label="Leads" value={formatCount(totals.leads)} note="Received in the leads table" />
        <Figure label="Project views" value={formatCount(totals.projectViews)} />
        <Figure label="View to enquiry" value={formatRate(totals.viewToEnquiry)} note="Enquiries per project view" />
      </dl>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card id="traffic-chart" title="Traffic by day">
          <Legend items={TRAFFIC} />
          <DailyChart rows={daily} series={TRAFFIC} label="Traffic by day" />
        </Card>
        <Card id="actions-chart" title="Enquiries and sign-ins by day">
          <Legend items={ACTIONS} />
          <DailyChart rows={daily} series={ACTIONS} label="Enquiries and sign-ins by day" />
        </Card>
      </div>
      <DataTable
        id="daily"
        title="Figures by day"
        description="The charts' figures, one row a day."
        fileName={file('daily')}
        rows={daily}
        scroll
        emptyText="No days in this range."
        columns={[
          { label: 'Day', csv: (day) => day.day },
          { label: 'Page views', csv: (day) => day.pageViews, numeric: true },
          { label: 'Visits', csv: (day) => day.sessions, numeric: true },
          { label: 'Visitors', csv: (day) => day.visitors, numeric: true },
          { label: 'Enquiries', csv: (day) => day.enquiries, numeric: true },
          { label: 'Sign-ins', csv: (day) => day.signIns, numeric: true },
        ]}
      />
      <TopTables top={top} file={file} basePath={basePath} query={query} />
      <Moderation moderation={moderation} file={file} />
    </>
  );
}

function TopTables({ top, file, basePath, query }: { top: OverviewTop; file: (name: string) => string; basePath: string; query: string }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <div className="min-w-0 lg:col-span-2">
        <DataTable
          id="top-projects"
          title="Top projects"
          description="Most viewed; open one for its funnel."
          fileName={file('top-projects')}
          rows={top.projects}
          bar={(row) => row.views}
          emptyText="No project was viewed in this range."
          columns={[
            {
              label: 'Project',
              csv: (row) => row.name,
              render: (row) => (
                <Link to={`${basePath}/analytics/projects/${row.projectId}?${query}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                  {row.name}
                </Link>
              ),
            },
            { label: 'Views', csv: (row) => row.views, numeric: true },
            { label: 'Visitors', csv: (row) => row.visitors, numeric: true },
            { label: 'Enquiries', csv: (row) => row.enquiries, numeric: true },
          ]}
        />
      </div>
      <DataTable
        id="top-localities"
        title="Top localities"
        fileName={file('top-localities')}
        rows={top.localities}
        bar={(row) => row.views}
        emptyText="No locality's listings were viewed."
        columns={[
          { label: 'Locality', csv: (row) => row.name },
          { label: 'City', csv: (row) => row.city },
          { label: 'Project views', csv: (row) => row.views, numeric: true },
        ]}
      />
      <DataTable
        id="top-cities"
        title="Visitors' cities"
        description="Consented visits only."
        fileName={file('top-cities')}
        rows={top.cities}
        bar={(row) => row.views}
        emptyText="No city was recorded."
        columns={[
          { label: 'City', csv: (row) => row.name },
          { label: 'Page views', csv: (row) => row.views, numeric: true },
          { label: 'Visitors', csv: (row) => row.visitors, numeric: true },
        ]}
      />
      <DataTable
        id="top-searches"
        title="Top searches"
        fileName={file('top-searches')}
        rows={top.searches}
        bar={(row) => row.count}
        emptyText="No searches in this range."
        columns={[
          { label: 'Search', csv: (row) => row.query },
          { label: 'Searches', csv: (row) => row.count, numeric: true },
          { label: 'Found nothing', csv: (row) => row.zeroResults, numeric: true },
        ]}
      />
      <DataTable
        id="zero-searches"
        title="Searches that found nothing"
        fileName={file('zero-result-searches')}
        rows={top.zeroResultSearches}
        bar={(row) => row.count}
        emptyText="Every search found something."
        columns={[
          { label: 'Search', csv: (row) => row.query },
          { label: 'Searches', csv: (row) => row.count, numeric: true },
        ]}
      />
      <DataTable
        id="sources"
        title="Traffic sources"
        description="Consented visits only."
        fileName={file('traffic-sources')}
        rows={top.sources}
        bar={(row) => row.sessions}
        emptyText="No source was recorded."
        columns={[
          { label: 'Source', csv: (row) => row.source },
          { label: 'Visits', csv: (row) => row.sessions, numeric: true },
        ]}
      />
      <DataTable
        id="devices"
        title="Devices"
        fileName={file('devices')}
        rows={top.devices}
        bar={(row) => row.sessions}
        emptyText="No device was recorded."
        columns={[
          { label: 'Device', csv: (row) => row.device },
          { label: 'Visits', csv: (row) => row.sessions, numeric: true },
        ]}
      />
    </div>
  );
}

function Moderation({ moderation, file }: { moderation: ModerationAge; file: (name: string) => string }) {
  return (
    <section aria-labelledby="moderation-heading" className="space-y-3">
      <h3 id="moderation-heading" className="text-lg font-bold text-slate-900">
        Moderation
      </h3>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure label="Waiting now" value={formatCount(moderation.pending)} note="Listings in the queue" />
        <Figure label="Median wait" value={formatWait(moderation.medianWaitHours)} />
        <Figure label="Oldest wait" value={formatWait(moderation.oldestWaitHours)} />
      </dl>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card id="decisions-chart" title="Decisions by day">
          <Legend items={DECISIONS} />
          <DailyChart rows={moderation.decisionsByDay} series={DECISIONS} label="Decisions by day" />
        </Card>
        <DataTable
          id="decisions"
          title="Decisions per day"
          fileName={file('decisions')}
          rows={moderation.decisionsByDay}
          scroll
          emptyText="No listing was decided in this range."
          columns={[
            { label: 'Day', csv: (row) => row.day },
            { label: 'Approved', csv: (row) => row.approved, numeric: true },
            { label: 'Rejected', csv: (row) => row.rejected, numeric: true },
          ]}
        />
      </div>
    </section>
  );
}
