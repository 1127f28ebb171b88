import type { Project } from '@nivaas/contracts/project.schema';
import { Link } from 'react-router';
import { SmartImage } from '../../../components/smart-image';
import type { LoginRole } from '../../../domain/auth/stored-login';
import { cardPhotoUrl } from '../../../lib/card-photo';
import { formatDashboardPrice } from '../../../lib/format-price';
import { getMoreInfoPath } from '@nivaas/contracts/project-path';
import { propertyTypeLabel, unitLabel } from '../../../lib/unit-labels';
import { LeadsPanel } from './leads-panel';

const APPROVAL_STYLE: Record<Project['approval'], string> = {
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
};
const APPROVAL_LABEL: Record<Project['approval'], string> = { approved: 'Approved', pending: 'Pending', rejected: 'Rejected' };

/** spec §5: floor missing 'N/A'; other missing fields '-'. */
const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : String(value));

interface OwnerListingCardProps {
  project: Project;
  role: LoginRole;
  showApproval: boolean;
  leadsOpen: boolean;
  onToggleLeads: () => void;
  onToggleDisplay: () => void;
  displayBusy: boolean;
  onShowRemarks: () => void;
}

/** spec §2 dashboard card: unit type, property type, location; the fields; Display, Leads, Remarks, Get more info. */
export function OwnerListingCard({ project, role, showApproval, leadsOpen, onToggleLeads, onToggleDisplay, displayBusy, onShowRemarks }: OwnerListingCardProps) {
  const unit = project.units[0];
  const price = unit ? (unit.minPrice === unit.maxPrice ? formatDashboardPrice(unit.minPrice) : `${formatDashboardPrice(unit.minPrice)} - ${formatDashboardPrice(unit.maxPrice)}`) : 'N/A';
  const target = getMoreInfoPath(project);
  const photo = cardPhotoUrl(project.medias);
  const live = project.status === 'active';
  const panelId = `leads-${project.id}`;
  const fields: [string, string][] = [
    ['Property Type', propertyTypeLabel(project.type)],
    ['Unit Type', orDash(unit?.type)],
    ['Exp. Price', price],
    ['Facing', orDash(unit?.facing)],
    ['Size', unit?.exteriorArea ? `${unit.exteriorArea} sq ft` : '-'],
    ['Transaction', orDash(project.transactionTag)],
    ['Floor', unit?.floors ? unit.floors : 'N/A'],
    ['Furnishing', orDash(unit?.furnishing)],
  ];
  return (
    <article aria-label={project.name} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="relative">
        {photo ? (
          <SmartImage src={photo} alt={project.name} ratio="16 / 9" />
        ) : (
          <div className="grid aspect-video place-items-center bg-slate-100 text-sm text-slate-500">No photo yet</div>
        )}
        {showApproval && (
          <span className={`absolute left-3 top-3 rounded-full px-3 py-1 text-xs font-semibold ring-1 ${APPROVAL_STYLE[project.approval]}`}>
            {APPROVAL_LABEL[project.approval]}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        {/* spec §2: the card shows unit type, property type and location name. */}
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{unit ? unitLabel(unit.type, project.type) : propertyTypeLabel(project.type)}</p>
        <h3 className="mt-1 font-bold text-slate-900">{project.name}</h3>
        <p className="text-sm text-slate-600">{project.location.name}</p>
        {project.approval === 'approved' && (
          <label className="mt-3 flex items-center justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2 text-sm font-medium text-slate-800">
            Display
            <span className="flex items-center gap-2">
              <span className="text-xs text-slate-600">{live ? 'Live' : 'Hidden'}</span>
              <input
                type="checkbox"
                role="switch"
                aria-label={`Display ${project.name}`}
                checked={live}
                disabled={displayBusy}
                onChange={onToggleDisplay}
                className="h-5 w-9 cursor-pointer appearance-none rounded-full bg-slate-300 transition before:block before:size-4 before:translate-x-0.5 before:rounded-full before:bg-white before:transition checked:bg-emerald-600 checked:before:translate-x-4 disabled:opacity-60"
              />
            </span>
          </label>
        )}
        <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
          {fields.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={onToggleLeads}
            aria-expanded={leadsOpen}
            aria-controls={panelId}
            className="rounded-full px-3 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            {leadsOpen ? 'Hide' : 'Leads Show'}
          </button>
          {project.approval === 'rejected' && (
            <button type="button" onClick={onShowRemarks} className="rounded-full px-3 py-1.5 text-sm font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50">
              Remarks
            </button>
          )}
          {target && (
            <Link to={target} className="ml-auto text-sm font-semibold text-brand-700 hover:underline">
              Get more info
            </Link>
          )}
        </div>
        {leadsOpen && <LeadsPanel projectId={project.id} role={role} id={panelId} />}
      </div>
    </article>
  );
}
