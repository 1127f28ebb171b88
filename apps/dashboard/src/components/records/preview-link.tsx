/**
 * The record's public page, opened in a new tab (issue 14), so the provider sees what a visitor will see:
 *
 *   <PreviewLink href={projectPath(project)} isPublic={project.status === 'active' && project.approval === 'approved'} />
 *
 * While the record is not public the page answers 'not found' to visitors; the link says so rather than hiding.
 */
export function PreviewLink({ href, isPublic, label = 'View on the site' }: { href: string; isPublic: boolean; label?: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <a href={href} target="_blank" rel="noopener" className="pc-btn-secondary">
        {label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      {isPublic ? null : <span className="text-slate-600">Not public yet: visitors get the not-found page until it is active and approved.</span>}
    </p>
  );
}
