import { LEAD_STAGE_LABELS, SETTABLE_LEAD_STAGES, type OwnerLead } from '@nivaas/contracts/lead.schema';
import { Breadcrumb } from '../../components/breadcrumb';
import { EmailText } from '../../components/email-text';
import { ErrorState } from '../../components/section-states';
import { serverMessage } from '../../lib/api/error-text';
import type { LoginRole } from '../../domain/auth/stored-login';
import { showError, showSuccess } from '../../lib/toast';
import { useGetMyLeadsQuery } from './api/get-leads';
import { useSetLeadStageMutation } from './api/patch-lead-stage';

/** spec §9: the leads page shows 12 skeleton cards while loading. */
export const LEADS_SKELETONS = 12;

const BUTTON_LABELS: Record<(typeof SETTABLE_LEAD_STAGES)[number], string> = {
  interested: 'Interested',
  not_interested: 'Not Interested',
  crm: 'Add to CRM',
};

function LeadCard({ lead, role }: { lead: OwnerLead; role: LoginRole }) {
  const [setStage, { isLoading, originalArgs }] = useSetLeadStageMutation();
  const change = async (stage: (typeof SETTABLE_LEAD_STAGES)[number]) => {
    const result = await setStage({ id: lead.id, stage, role });
    if ('data' in result && result.data) showSuccess(result.data.message);
    else showError(serverMessage(result.error) ?? 'Something went wrong');
  };
  return (
    <article aria-label={`Lead from ${lead.name}`} className="flex flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Name</dt>
        <dd className="font-semibold text-slate-900">{lead.name}</dd>
        <dt className="text-slate-500">Phone</dt>
        <dd className="text-slate-900">{lead.phone ? <a href={`tel:${lead.phone}`} className="hover:underline">{lead.phone}</a> : '-'}</dd>
        <dt className="text-slate-500">Email</dt>
        <dd className="min-w-0 text-slate-900">
          {lead.email ? (
            <a href={`mailto:${lead.email}`} className="hover:underline">
              <EmailText email={lead.email} />
            </a>
          ) : (
            '-'
          )}
        </dd>
      </dl>
      <p className="mt-2 text-sm font-medium text-brand-800">{lead.project.name}</p>
      {lead.message && <p className="mt-1 line-clamp-3 text-sm text-slate-600">{lead.message}</p>}
      <p className="mt-3 text-xs text-slate-600">
        Stage: <span className="font-semibold text-slate-900">{LEAD_STAGE_LABELS[lead.stage]}</span>
      </p>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={`Stage of the lead from ${lead.name}`}>
        {SETTABLE_LEAD_STAGES.map((stage) => (
          <button
            key={stage}
            type="button"
            aria-pressed={lead.stage === stage}
            disabled={isLoading && originalArgs?.stage === stage}
            onClick={() => void change(stage)}
            className={`rounded-full px-3 py-1.5 text-xs font-semibold ring-1 disabled:opacity-60 ${lead.stage === stage ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
          >
            {BUTTON_LABELS[stage]}
          </button>
        ))}
      </div>
    </article>
  );
}

function Leads({ role, crumb, title }: { role: LoginRole; crumb: string; title: string }) {
  const leads = useGetMyLeadsQuery({ role, page: 1 }, { refetchOnMountOrArgChange: true });
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10 lg:px-8">
      <title>{`${title} | Nivaas`}</title>
      {/* spec §2: breadcrumb Home / leads (issue 17: in words). */}
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: crumb }]} />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <section aria-label="Leads" className="mt-6">
        {leads.isLoading ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true" aria-label="Loading leads">
            {Array.from({ length: LEADS_SKELETONS }, (_, index) => (
              <li key={index} data-testid="lead-skeleton" className="h-48 animate-pulse rounded-2xl bg-slate-100" />
            ))}
          </ul>
        ) : leads.error ? (
          <ErrorState title="Your leads could not load" message={serverMessage(leads.error) ?? undefined} onRetry={() => void leads.refetch()} />
        ) : !leads.data || leads.data.leads.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-5 py-10 text-center font-semibold text-slate-800">No Leads</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {leads.data.leads.map((lead) => (
              <li key={lead.id}>
                <LeadCard lead={lead} role={role} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /leads (spec §2 'Leads screen'): an approved broker's leads. */
export function LeadsPage() {
  return <Leads role="broker" crumb="Leads" title="Leads" />;
}

/** /Shareleads: the leads on a user's own uploads. */
export function ShareLeadsPage() {
  return <Leads role="user" crumb="Leads on your properties" title="Leads on your properties" />;
}
