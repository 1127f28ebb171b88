import type { BrokerAnalyticsResponse, LeadsByStage } from '@nivaas/contracts/analytics.schema';
import { LEAD_STAGE_LABELS } from '@nivaas/contracts/lead.schema';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState, ErrorState } from '../../components/states';
import { getBrokerAnalytics } from '../../lib/analytics-api';
import { useApi } from '../../lib/console-context';
import { formatCount, formatRate, formatWait } from '../../lib/format';
import { DataTable } from './data-table';
import { Figure, Loading } from './parts';
import { RangePicker } from './range-picker';
import { useLoad, useRange } from './use-range';

function stageLabel(stage: keyof LeadsByStage): string {
  return LEAD_STAGE_LABELS[stage];
}

/**
 * Issue 13 drill-down: one broker's listings and leads, as the broker sees them in /RemoteComponent. Reached from a
 * broker's card in the brokers queue, an audit entry about a broker, or by number here.
 */
export function BrokerFigures({ basePath }: { basePath: string }) {
  const params = useParams();
  const [choice, setRange, query] = useRange();
  return (
    <section aria-labelledby="broker-figures-heading" className="space-y-4">
      <Link to={`${basePath}/analytics?${query}`} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
        ← Analytics
      </Link>
      <BrokerLookup basePath={basePath} query={query} current={params.id} />
      {params.id === undefined ? (
        <>
          <h2 id="broker-figures-heading" className="text-xl font-bold text-slate-900">
            A broker's figures
          </h2>
          <EmptyState title="Choose a broker.">
            Enter a broker's number, or open <Link to={`${basePath}/brokers`} className="text-brand-700 underline">the brokers queue</Link> or the audit log and choose “Figures”.
          </EmptyState>
        </>
      ) : (
        <>
          <RangePicker key={`${choice.range.from}/${choice.range.to}`} choice={choice} onChange={setRange} />
          <BrokerDetail id={Number(params.id)} range={choice.range} />
        </>
      )}
    </section>
  );
}

function BrokerLookup({ basePath, query, current }: { basePath: string; query: string; current?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(value.trim());
    if (!Number.isInteger(id) || id < 1) return setError('Enter a broker number, such as 12.');
    setError(null);
    void navigate(`${basePath}/analytics/brokers/${id}?${query}`);
  };
  return (
    <form role="search" aria-label="Find a broker" onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <label className="text-xs font-semibold text-slate-600">
        Broker number
        <input className="pc-input mt-1 w-36 py-1.5" inputMode="numeric" value={value} onChange={(event) => setValue(event.target.value)} aria-invalid={error !== null} />
      </label>
      <button type="submit" className="pc-btn-secondary">
        Show figures
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function BrokerDetail({ id, range }: { id: number; range: { from: string; to: string } }) {
  const api = useApi();
  const valid = Number.isInteger(id) && id > 0;
  const [state, retry] = useLoad(
    () => (valid ? getBrokerAnalytics(api, id, range) : Promise.reject(new Error('There is no broker at this address.'))),
    `${id}/${range.from}/${range.to}`,
  );
  if (state.status === 'loading') return <Loading label="Loading the broker's figures…" />;
  if (state.status === 'error') {
    return (
      <>
        <h2 id="broker-figures-heading" className="text-xl font-bold text-slate-900">
          Broker {valid ? `#${id}` : ''}
        </h2>
        <ErrorState title="The broker's figures could not be loaded." message={state.message} onRetry={retry} />
      </>
    );
  }
  return <BrokerReport data={state.data} />;
}

function BrokerReport({ data }: { data: BrokerAnalyticsResponse }) {
  const { broker, totals, listings, range } = data;
  const file = (name: string) => `nivaas-broker-${broker.id}-${name}-${range.from}-to-${range.to}`;
  const stages = (Object.keys(totals.leadsByStage) as (keyof LeadsByStage)[]).map((stage) => ({ stage, value: totals.leadsByStage[stage] }));
  return (
    <>
      <h2 id="broker-figures-heading" className="text-xl font-bold break-words text-slate-900">
        {broker.name} <span className="text-base font-normal text-slate-500">(broker #{broker.id})</span>
      </h2>
      <p className="text-sm text-slate-600">
        {range.from} to {range.to}
      </p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Views" value={formatCount(totals.views)} />
        <Figure label="Unique visitors" value={formatCount(totals.visitors)} />
        <Figure label="Enquiries" value={formatCount(totals.enquiries)} />
        <Figure label="Enquiry rate" value={formatRate(totals.enquiryRate)} note="Enquiries per view" />
      </dl>
      <DataTable
        id="broker-leads"
        title="Leads by stage"
        fileName={file('leads-by-stage')}
        rows={stages}
        bar={(row) => row.value}
        emptyText="No leads."
        columns={[
          { label: 'Stage', csv: (row) => stageLabel(row.stage) },
          { label: 'Leads', csv: (row) => row.value, numeric: true },
        ]}
      />
      <DataTable
        id="broker-listings"
        title="Listings"
        description="Most viewed first."
        fileName={file('listings')}
        rows={listings}
        emptyText="This broker has no listings."
        columns={[
          {
            label: 'Listing',
            csv: (row) => row.name,
            render: (row) => (
              <a href={row.path} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                {row.name}
              </a>
            ),
          },
          { label: 'Status', csv: (row) => `${row.approval}, ${row.status}` },
          { label: 'Views', csv: (row) => row.views, numeric: true },
          { label: 'Visitors', csv: (row) => row.visitors, numeric: true },
          { label: 'Enquiries', csv: (row) => row.enquiries, numeric: true },
          { label: 'Enquiry rate', csv: (row) => row.enquiryRate, render: (row) => formatRate(row.enquiryRate), numeric: true },
          { label: 'Seen, no enquiry', csv: (row) => (row.seenNotEnquired ? 'yes' : 'no') },
          { label: 'Moderation wait', csv: (row) => row.moderation.waitHours, render: (row) => formatWait(row.moderation.waitHours), numeric: true },
          { label: 'Remarks', csv: (row) => row.moderation.remarks.map((remark) => remark.remark).join(' | '), render: (row) => row.moderation.remarks.at(-1)?.remark ?? '–' },
        ]}
      />
    </>
  );
}
