import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Absent for crumbs shown as plain text. */
  to?: string;
}

/**
 * Issue 17: crumbs made from a path read as words, not as the spec's route spellings ('ViewallUploads',
 * 'uploded-properties'): the addresses stay, only what a person reads changes.
 */
const SEGMENT_LABELS: Readonly<Record<string, string>> = {
  ViewallUploads: 'My uploads',
  'uploded-properties': 'My uploads',
  'pending-properties': 'Pending',
  'rejected-properties': 'Rejected',
  'approved-properties': 'Approved',
  'live-properties': 'Active',
  'broker-properties': 'Broker properties',
  'broker-info': 'Broker',
  leads: 'Leads',
  Shareleads: 'Leads on your properties',
};

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * What a path segment reads as in a breadcrumb: a name the page knows (`names`, e.g. a broker's name for their id),
 * a known route's words, or the segment itself with hyphens as spaces and a capital first letter.
 */
export function segmentLabel(segment: string, names: Readonly<Record<string, string>> = {}): string {
  const known = names[segment] ?? SEGMENT_LABELS[segment];
  if (known) return known;
  const words = safeDecode(segment).replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A trail of links; the last crumb is the current page. */
export function Breadcrumb({ items, className = '' }: { items: readonly Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={`text-sm ${className}`}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-slate-600">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className="flex min-w-0 items-center gap-1.5">
              {item.to ? (
                <Link to={item.to} className="truncate font-medium text-brand-700 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span className={`truncate ${last ? 'font-medium text-slate-900' : ''}`} aria-current={last ? 'page' : undefined}>
                  {item.label}
                </span>
              )}
              {!last && (
                <span aria-hidden="true" className="text-slate-400">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
