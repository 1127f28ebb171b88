import type { ProjectAnalyticsResponse } from '@nivaas/contracts/analytics.schema';
import { Link, useParams } from 'react-router';
import { DailyChart, type ChartSeries } from '../../components/daily-chart';
import { ErrorState } from '../../components/states';
import { getProjectAnalytics } from '../../lib/analytics-api';
import { useApi } from '../../lib/console-context';
import { formatCount, formatRate } from '../../lib/format';
import { DataTable } from './data-table';
import { Card, Legend, Loading } from './parts';
import { RangePicker } from './range-picker';
import { useLoad, useRange } from './use-range';

type ProjectDay = ProjectAnalyticsResponse['daily'][number];
const SERIES: readonly ChartSeries<ProjectDay>[] = [
  { label: 'Views', stroke: '#1d786b', value: (day) => day.views },
  { label: 'Enquiries', stroke: '#c2410c', value: (day) => day.enquiries },
];

/** Issue 13 drill-down: one listing's funnel, views -> favourites -> compares -> enquiries. */
export function ProjectFunnel({ basePath }: { basePath: string }) {
  const api = useApi();
  const id = Number(useParams().id);
  const [choice, setRange, query] = useRange();
  const valid = Number.isInteger(id) && id > 0;
  const [state, retry] = useLoad(
    () => (valid ? getProjectAnalytics(api, id, choice.range) : Promise.reject(new Error('There is no listing at this address.'))),
    `${id}/${choice.range.from}/${choice.range.to}`,
  );
  const title = state.status === 'ready' ? state.data.project.name : 'Project funnel';

  return (
    <section aria-labelledby="funnel-heading" className="space-y-4">
      <Link to={`${basePath}/analytics?${query}`} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
        ← Analytics
      </Link>
      <h2 id="funnel-heading" className="text-xl font-bold break-words text-slate-900">
        {title}
      </h2>
      <RangePicker key={`${choice.range.from}/${choice.range.to}`} choice={choice} onChange={setRange} />
      {state.status === 'loading' ? <Loading label="Loading the project's funnel…" /> : null}
      {state.status === 'error' ? <ErrorState title="The project's figures could not be loaded." message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' ? <Funnel data={state.data} /> : null}
    </section>
  );
}

function Funnel({ data }: { data: ProjectAnalyticsResponse }) {
  const { funnel, daily, range, project } = data;
  const steps = [
    { label: 'Views', value: funnel.views },
    { label: 'Favourites', value: funnel.favourites },
    { label: 'Compares', value: funnel.compares },
    { label: 'Enquiries', value: funnel.enquiries },
  ];
  const top = Math.max(1, funnel.views);
  const file = (name: string) => `nivaas-project-${project.id}-${name}-${range.from}-to-${range.to}`;
  return (
    <>
      <p className="text-sm text-slate-600">
        {range.from} to {range.to} ·{' '}
        <a href={project.path} className="text-brand-700 underline-offset-2 hover:underline">
          Open the listing on the site
        </a>
      </p>
      <Card id="funnel-steps" title="Funnel">
        <ol className="space-y-2">
          {steps.map((step, index) => (
            <li key={step.label}>
              <div className="flex justify-between gap-2 text-sm">
                <span className="font-semibold text-slate-800">{step.label}</span>
                <span className="tabular-nums">
                  {formatCount(step.value)}
                  {index > 0 ? <span className="text-slate-500"> ({formatRate(funnel.views === 0 ? 0 : Math.min(1, step.value / funnel.views))} of views)</span> : null}
                </span>
              </div>
              <span aria-hidden="true" className="mt-1 block h-3 rounded bg-brand-500" style={{ width: `${Math.max(1, (step.value / top) * 100)}%` }} />
            </li>
          ))}
        </ol>
      </Card>
      <DataTable
        id="funnel-figures"
        title="Funnel figures"
        fileName={file('funnel')}
        rows={steps}
        emptyText="No figures."
        columns={[
          { label: 'Step', csv: (row) => row.label },
          { label: 'Count', csv: (row) => row.value, numeric: true },
        ]}
      />
      <Card id="project-daily-chart" title="Views and enquiries by day">
        <Legend items={SERIES} />
        <DailyChart rows={daily} series={SERIES} label="Views and enquiries by day" />
      </Card>
      <DataTable
        id="project-daily"
        title="Views and enquiries per day"
        fileName={file('daily')}
        rows={daily}
        scroll
        emptyText="No days in this range."
        columns={[
          { label: 'Day', csv: (row) => row.day },
          { label: 'Views', csv: (row) => row.views, numeric: true },
          { label: 'Enquiries', csv: (row) => row.enquiries, numeric: true },
        ]}
      />
    </>
  );
}
