import type { ConstructionProject, Contractor } from '@nivaas/contracts/construction.schema';
import type { NamedRef } from '@nivaas/contracts/common.schema';
import type { ConstructionProjectRow, ContractorRow } from './construction.repository';

function cityRef(id: number | null, name: string | null): NamedRef | null {
  return id !== null && name !== null ? { id, name } : null;
}

export function toConstructionProject(row: ConstructionProjectRow): ConstructionProject {
  const { contractorId, contractorName, contractorSlug } = row;
  return {
    id: row.id,
    name: row.name,
    tag: row.tag,
    description: row.description,
    imageUrl: row.imageUrl,
    city: cityRef(row.cityId, row.cityName),
    contractor:
      contractorId !== null && contractorName !== null && contractorSlug !== null
        ? { id: contractorId, companyName: contractorName, slug: contractorSlug }
        : null,
  };
}

export function toContractor({ cityId, cityName, ...row }: ContractorRow, projectCount: number): Contractor {
  return { ...row, city: cityRef(cityId, cityName), projectCount };
}
