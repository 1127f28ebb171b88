import type { Project } from '@nivaas/contracts/project.schema';
import type { ListingPhoto, OwnerListing } from '@nivaas/contracts/upload.schema';
import { groupBy } from '../../lib/group-by';
import { toProject } from '../projects/projects.mapper';
import type { OwnerPage, PhotoRow } from './listings.repository';

export function toPhoto(row: Pick<PhotoRow, 'id' | 'url' | 'cardUrl' | 'position'>): ListingPhoto {
  // Seeded media have one size only: the card shows the same image.
  return { id: row.id, url: row.url, cardUrl: row.cardUrl ?? row.url, position: row.position };
}

/** An owner's page as the API's listings: the public Project shape with remarks filled, plus photos with ids. */
export function toOwnerListings(page: OwnerPage): OwnerListing[] {
  const unitsBy = groupBy(page.units, (unit) => unit.projectId);
  const photosBy = groupBy(page.photos, (photo) => photo.projectId);
  const remarksBy = groupBy(page.remarks, (remark) => remark.projectId);
  return page.rows.map((row) => {
    const photos = photosBy.get(row.id) ?? [];
    const project: Project = toProject(row, unitsBy.get(row.id) ?? [], photos, remarksBy.get(row.id) ?? []);
    return { ...project, createdAt: new Date(row.createdAt).toISOString(), photos: photos.map(toPhoto) };
  });
}
