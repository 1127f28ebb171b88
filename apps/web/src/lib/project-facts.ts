import type { Project } from '@nivaas/contracts/project.schema';
import { PRELAUNCH_TAG } from '@nivaas/contracts/project-path';
import { unitSummary } from './unit-labels';

/**
 * Facts about a project worded the way a buyer reads them. Shared: the details page and the compare
 * table must say the same thing about the same project.
 */

const areaFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const monthYear = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric' });

export function isPrelaunch(project: Pick<Project, 'tags'>): boolean {
  return project.tags.includes(PRELAUNCH_TAG);
}

/** '1,250 sq ft'. */
export function formatArea(sqft: number): string {
  return `${areaFormat.format(sqft)} sq ft`;
}

/** '1,050 – 1,850 sq ft' across the units that give an area; null when none does. */
export function areaRange(units: Project['units']): string | null {
  const areas = units.map((unit) => unit.exteriorArea).filter((area): area is number => area !== null && area > 0);
  if (areas.length === 0) return null;
  const min = Math.min(...areas);
  const max = Math.max(...areas);
  return min === max ? formatArea(min) : `${areaFormat.format(min)} – ${formatArea(max)}`;
}

/** '2, 3 BHK Apartment' (spec §5 unit labels). */
export function configurations(project: Pick<Project, 'units' | 'type'>): string {
  return unitSummary(
    project.units.map((unit) => unit.type),
    project.type,
  );
}

function possessionDate(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Oct 2026', or null when the project gives no date. */
export function possessionMonth(project: Pick<Project, 'possessionDate'>): string | null {
  const date = possessionDate(project.possessionDate);
  return date ? monthYear.format(date) : null;
}

export type ConstructionStage = 'Pre-launch' | 'Under construction' | 'Ready to move';

/** Where the building stands today, from the pre-launch tag and the possession date. */
export function constructionStage(project: Pick<Project, 'tags' | 'possessionDate'>, now = new Date()): ConstructionStage {
  if (isPrelaunch(project)) return 'Pre-launch';
  const date = possessionDate(project.possessionDate);
  if (project.tags.includes('Ready to Move') || (date !== null && date.getTime() <= now.getTime())) return 'Ready to move';
  return date === null ? 'Ready to move' : 'Under construction';
}

/** 'Ready to move', 'Possession Oct 2026', 'Launch expected, possession 2029'. */
export function possessionText(project: Pick<Project, 'tags' | 'possessionDate'>, now = new Date()): string {
  const stage = constructionStage(project, now);
  const month = possessionMonth(project);
  if (stage === 'Ready to move') return 'Ready to move';
  return month ? `Possession ${month}` : stage;
}
