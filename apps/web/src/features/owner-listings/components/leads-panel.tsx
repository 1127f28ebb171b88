import { LEAD_STAGE_LABELS } from '@nivaas/contracts/lead.schema';
import { EmailText } from '../../../components/email-text';
import type { LoginRole } from '../../../domain/auth/stored-login';
import { useGetProjectLeadsQuery } from '../api/get-leads';

/** A card's leads (spec §7 GET /lead?projectId). Load failures are only logged by the spec; here they are said. */
export function LeadsPanel({ projectId, role, id }: { projectId: number; role: LoginRole; id: string }) {
  const leads = useGetProjectLeadsQuery({ projectId, role });
  return (
    <div id={id} className="mt-3 rounded-xl bg-slate-50 p-3 text-sm">
      {leads.isLoading ? (
        <p role="status">Loading leads…</p>
      ) : leads.error ? (
        <p className="text-red-800">The leads could not load.</p>
      ) : !leads.data || leads.data.leads.length === 0 ? (
        <p className="text-slate-700">No Leads</p>
      ) : (
        <ul className="space-y-2" aria-label="Leads on this property">
          {leads.data.leads.map((lead) => (
            <li key={lead.id} className="rounded-lg bg-white p-2 ring-1 ring-slate-200">
              <p className="font-semibold text-slate-900">{lead.name}</p>
              <p className="min-w-0 text-slate-700">
                {lead.phone ?? '-'} · {lead.email ? <EmailText email={lead.email} /> : '-'}
              </p>
              <p className="text-xs text-slate-600">Stage: {LEAD_STAGE_LABELS[lead.stage]}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
