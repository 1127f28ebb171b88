import type { Project, ProjectDetail } from '@nivaas/contracts/project.schema';
import type { ProjectMediaRow, ProjectRow, RemarkRow, UnitRow } from './projects.repository';

/**
 * spec §3 remarks: a map of timestamp to message. Two remarks written in the same millisecond would
 * share a key, so the later one gets its id appended rather than overwriting the first.
 */
function remarksMap(remarks: RemarkRow[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const remark of remarks) {
    const at = new Date(remark.createdAt).toISOString();
    map[at in map ? `${at}#${remark.id}` : at] = remark.message;
  }
  return map;
}

/** The one place a project row and its children become the API's Project. */
export function toProject(row: ProjectRow, units: UnitRow[], medias: ProjectMediaRow[], remarks: RemarkRow[]): Project {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    item: row.item,
    status: row.status,
    approval: row.approval,
    description: row.description,
    remarks: remarksMap(remarks),
    // PostgreSQL's JSON writes '+00:00'; the API speaks JavaScript's ISO form ('Z', milliseconds).
    updatedAt: new Date(row.updatedAt).toISOString(),
    medias: medias.map(({ title, url, cardUrl }) => (cardUrl ? { title, url, cardUrl } : { title, url })),
    city: { id: row.cityId, name: row.cityName },
    zone: row.zoneId !== null && row.zoneName !== null ? { id: row.zoneId, name: row.zoneName } : null,
    location: { id: row.locationId, name: row.locationName },
    builder: row.builderId !== null && row.builderName !== null ? { id: row.builderId, name: row.builderName } : null,
    ownerId: row.ownerId,
    brokerId: row.brokerId,
    builderId: row.builderId,
    tags: row.tags,
    transactionTag: row.transactionTag,
    possessionDate: row.possessionDate,
    reraNumber: row.reraNumber,
    amenities: row.amenities,
    units: units.map(({ projectId: _projectId, ...unit }) => unit),
  };
}

/** A details-page project: the builder comes with its logo and 'about' (spec §7 GET /project/{id}). */
export function toProjectDetail(project: Project, row: ProjectRow): ProjectDetail {
  return {
    ...project,
    builder: project.builder && {
      ...project.builder,
      logo: row.builderLogo ?? null,
      description: row.builderDescription ?? null,
      establishedYear: row.builderEstablishedYear ?? null,
    },
  };
}
