import type { Project } from '@nivaas/contracts/project.schema';

/** spec §2/§4 dashboard tabs, in the order the tab buttons show them. */
export const DASHBOARD_TABS = ['all', 'approved', 'pending', 'rejected', 'active'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const TAB_LABELS: Record<DashboardTab, string> = {
  all: 'All',
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
  active: 'Active Properties',
};

/** The path segment each tab is reached by (the inverse of `tabFromPath`); All has none. */
export const TAB_SEGMENTS: Record<DashboardTab, string | null> = {
  all: null,
  approved: 'approved-properties',
  pending: 'pending-properties',
  rejected: 'rejected-properties',
  active: 'live-properties',
};

/** spec §2: the last path segment selects the starting tab; anything else gives All. */
export function tabFromPath(pathname: string): DashboardTab {
  const last = pathname.split('/').filter(Boolean).at(-1) ?? '';
  switch (last) {
    case 'pending-properties':
      return 'pending';
    case 'rejected-properties':
      return 'rejected';
    case 'approved-properties':
      return 'approved';
    case 'live-properties':
      return 'active';
    default:
      return 'all';
  }
}

type TabFields = Pick<Project, 'status' | 'approval'>;

/**
 * spec §4 'Dashboard tabs': Approved = inactive and approved (approved but not live), Pending = pending,
 * Rejected = rejected, Active = active and approved, All = no filter.
 */
export function inTab(project: TabFields, tab: DashboardTab): boolean {
  switch (tab) {
    case 'approved':
      return project.approval === 'approved' && project.status === 'inactive';
    case 'pending':
      return project.approval === 'pending';
    case 'rejected':
      return project.approval === 'rejected';
    case 'active':
      return project.approval === 'approved' && project.status === 'active';
    default:
      return true;
  }
}

type SearchFields = Pick<Project, 'type'> & {
  location: { name: string } | null;
  units: readonly { type: string; facing: string | null; furnishing: string | null }[];
};

const squash = (value: string | null | undefined) => (value ?? '').toLowerCase().replace(/\s+/g, '');

/**
 * spec §5 'Dashboard search': the query lower-cased with all whitespace removed, as a substring of the location
 * name, facing, furnishing, property type or first unit type (each squashed the same way, so 'semi furnished'
 * finds 'Semi-Furnished' only through its letters, and '2bhk' finds '2 BHK'). Facing and furnishing are the first
 * unit's, where the spec's single-valued fields live.
 */
export function matchesSearch(project: SearchFields, query: string): boolean {
  const needle = squash(query);
  if (needle === '') return true;
  const first = project.units[0];
  return [project.location?.name, first?.facing, first?.furnishing, project.type, first?.type].some((field) => squash(field).includes(needle));
}

/**
 * spec §5: the date filter applies only when both from and to are set, comparing updatedAt inclusively. The
 * inputs give calendar days ('YYYY-MM-DD'), so a listing counts when its local day lies between them.
 */
export function inDateRange(updatedAt: string, from: string, to: string): boolean {
  if (!from || !to) return true;
  const when = new Date(updatedAt);
  if (Number.isNaN(when.getTime())) return false;
  const day = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}`;
  const [low, high] = from <= to ? [from, to] : [to, from];
  return day >= low && day <= high;
}

const remarkDate = new Intl.DateTimeFormat('en-IN', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });

/** spec §9 'Remarks date format: short month, day, 12-hour time': 'Nov 21, 5:42 pm'. */
export function formatRemarkDate(iso: string): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  // en-IN puts the day first ('21 Nov'); the spec reads month first.
  const parts = Object.fromEntries(remarkDate.formatToParts(when).map((part) => [part.type, part.value]));
  return `${parts.month} ${parts.day}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}

/** The remarks map (spec §3: timestamp -> message), newest first. */
export function remarksNewestFirst(remarks: Record<string, string>): { at: string; message: string }[] {
  return Object.entries(remarks)
    .map(([at, message]) => ({ at, message }))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** spec §4: the dashboard appends pages with duplicates removed by id; a later copy replaces the earlier one. */
export function mergeById<T extends { id: number }>(current: readonly T[], incoming: readonly T[]): T[] {
  const merged = new Map<number, T>();
  for (const item of current) merged.set(item.id, item);
  for (const item of incoming) merged.set(item.id, item);
  return [...merged.values()];
}
