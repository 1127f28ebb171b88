import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Absent for crumbs shown as plain text. */
  to?: string;
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
