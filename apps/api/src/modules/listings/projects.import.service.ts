import { type ProjectCreate, type ProjectCreateInput, ProjectCreateSchema } from '@nivaas/contracts/catalogue-admin.schema';
import {
  IMPORT_ERRORS_SHOWN,
  IMPORT_MAX_ROWS,
  type ImportCellError,
  type ProjectImportQuery,
  type ProjectImportReport,
  PROJECT_IMPORT_COLUMNS,
} from '@nivaas/contracts/project-import.schema';
import { LISTING_UNITS_MAX } from '@nivaas/contracts/upload.schema';
import { DomainError } from '../../lib/domain-error';
import { type TabularRecord, TabularFileError } from '../../lib/tabular/tabular-records';
import type { LocalityRow, NamedPlace, ProjectImportRepository } from './projects.import.repository';

type Column = (typeof PROJECT_IMPORT_COLUMNS)[number]['name'];
const PROJECT_COLUMNS = PROJECT_IMPORT_COLUMNS.filter((column) => column.level === 'project').map((column) => column.name);

/** Where each field of the create contract comes from, so a refusal by the shared schema names the sheet's column. */
const FIELD_COLUMN: Record<string, Column> = {
  name: 'project_name',
  type: 'property_type',
  builderId: 'builder',
  cityId: 'city',
  zoneId: 'zone',
  locationId: 'locality',
  description: 'description',
  tags: 'tags',
  transactionTag: 'transaction',
  possessionDate: 'possession_date',
  reraNumber: 'rera_number',
  amenities: 'amenities',
  status: 'status',
  type_unit: 'unit_type',
  minPrice: 'unit_min_price',
  maxPrice: 'unit_max_price',
  facing: 'unit_facing',
  exteriorArea: 'unit_area_sqft',
  floors: 'unit_floors',
  furnishing: 'unit_furnishing',
};

/** 'Unit Min Price' and 'unit-min-price' read as unit_min_price. */
function headerName(text: string): string {
  return text.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/** Excel keeps dates as days since 1899-12-30; a date cell in a workbook arrives as that number. */
function possessionDate(text: string): string {
  if (!/^\d{4,5}(\.\d+)?$/.test(text)) return text;
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

const list = (text: string) =>
  text
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);

interface PlannedProject {
  /** The first row of the project: the others must agree with it. */
  firstRow: number;
  projectCells: string[];
  /** Project columns refused on its first row: later rows are not compared on those. */
  badColumns: Set<string>;
  /** The validated body (import mode only: a dry run keeps none). */
  body: ProjectCreate | null;
  /** A row of it was refused: it will not be imported. */
  refused: boolean;
  units: number;
}

export interface ProjectImportSession {
  create(staffId: number, body: ProjectCreate): Promise<number>;
}

export interface ProjectImportServiceDeps {
  repository: ProjectImportRepository;
  /** The projects' own create (part 1's createProjectIn) inside ONE transaction: all or nothing. */
  transaction: <T>(work: (session: ProjectImportSession) => Promise<T>) => Promise<T>;
}

/**
 * Issue 14: the bulk import of builders' projects with their units. One pass over the rows as they arrive: each row
 * is checked with the same contract as the console's create (ProjectCreateSchema, its messages), names are looked up
 * once each, and rows are grouped into projects by builder and name. Only what the import needs is kept per project
 * (its validated body, in import mode); a refused cell is kept as row + column + message.
 */
export function createProjectImportService({ repository, transaction }: ProjectImportServiceDeps) {
  return {
    async run(staffId: number, records: AsyncIterable<TabularRecord> | Iterable<TabularRecord>, { mode }: ProjectImportQuery): Promise<{ report: ProjectImportReport; refused: boolean }> {
      const errors: ImportCellError[] = [];
      let errorCount = 0;
      // The columns refused on the current row, so "differs from the first row" is said only of cells valid on both.
      let rowColumns = new Set<string>();
      const refuse = (row: number, column: string, message: string) => {
        rowColumns.add(column);
        errorCount += 1;
        if (errors.length < IMPORT_ERRORS_SHOWN) errors.push({ row, column, message });
      };

      // Look-ups, each once per distinct name in the file.
      const builderIds = new Map<string, Promise<number[]>>();
      const cityIds = new Map<string, Promise<number | undefined>>();
      const placesOf = new Map<number, Promise<{ zones: NamedPlace[]; localities: LocalityRow[] }>>();
      const existing = new Map<string, Promise<number | undefined>>();
      const once = <K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> => {
        let value = cache.get(key);
        if (!value) {
          value = load();
          cache.set(key, value);
        }
        return value;
      };

      const projects = new Map<string, PlannedProject>();
      let header: Map<Column, number> | null = null;
      let rows = 0;
      let refusedRows = 0;

      for await (const record of records) {
        if (header === null) {
          header = new Map();
          const known = new Set<string>(PROJECT_IMPORT_COLUMNS.map((column) => column.name));
          record.cells.forEach((cell, index) => {
            const name = headerName(cell);
            if (name === '') return;
            if (!known.has(name)) refuse(record.row, cell.trim(), `Unknown column "${cell.trim()}": the template lists the columns`);
            else if (header?.has(name as Column)) refuse(record.row, name, 'This column appears twice');
            else header?.set(name as Column, index);
          });
          for (const column of PROJECT_IMPORT_COLUMNS) if (column.required && !header.has(column.name)) refuse(record.row, column.name, 'Missing column: it is required');
          // A wrong header makes every row's reading wrong: report it alone.
          if (errorCount > 0) break;
          continue;
        }
        if (record.cells.every((cell) => cell.trim() === '')) continue;
        rows += 1;
        if (rows > IMPORT_MAX_ROWS) throw new TabularFileError(`A file may hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} unit rows: split it`, record.row, true);
        const columns = header;
        const cell = (column: Column) => {
          const index = columns.get(column);
          return index === undefined ? '' : (record.cells[index] ?? '').trim();
        };
        const before = errorCount;
        const row = record.row;
        rowColumns = new Set();

        // The names, resolved in the catalogue (the contract below sees ids, so an empty name is refused here).
        for (const column of ['builder', 'city', 'locality'] as const) if (!cell(column)) refuse(row, column, `${column[0]?.toUpperCase()}${column.slice(1)} is required`);
        let builderId: number | undefined;
        const builder = cell('builder');
        if (builder) {
          const ids = await once(builderIds, builder.toLowerCase(), () => repository.buildersNamed(builder));
          if (ids.length === 0) refuse(row, 'builder', `No builder is named "${builder}": add it in Builders first`);
          else if (ids.length > 1) refuse(row, 'builder', `${ids.length} builders are named "${builder}": rename one in Builders first`);
          else builderId = ids[0];
        }
        let cityId: number | undefined;
        let zoneId: number | undefined;
        let locationId: number | undefined;
        const city = cell('city');
        if (city) {
          cityId = await once(cityIds, city.toLowerCase(), () => repository.cityNamed(city));
          if (cityId === undefined) refuse(row, 'city', `No city is named "${city}"`);
        }
        if (cityId !== undefined) {
          const id = cityId;
          const places = await once(placesOf, id, () => repository.placesOf(id));
          const zone = cell('zone');
          if (zone) {
            zoneId = places.zones.find((candidate) => candidate.name.toLowerCase() === zone.toLowerCase())?.id;
            if (zoneId === undefined) refuse(row, 'zone', `No zone of ${city} is named "${zone}"`);
          }
          const locality = cell('locality');
          if (locality) {
            const found = places.localities.filter((candidate) => candidate.name.toLowerCase() === locality.toLowerCase());
            const match = zoneId === undefined ? found[0] : (found.find((candidate) => candidate.zoneId === zoneId) ?? found[0]);
            if (!match) refuse(row, 'locality', `No locality of ${city} is named "${locality}": add it in Places first`);
            else if (zoneId !== undefined && match.zoneId !== null && match.zoneId !== zoneId) refuse(row, 'locality', `${locality} is not in the zone ${cell('zone')}`);
            else locationId = match.id;
          }
        }

        // Every other cell, through the create contract (the console form's and the API's messages).
        const input: ProjectCreateInput = {
          name: cell('project_name'),
          type: cell('property_type') as ProjectCreateInput['type'],
          // Placeholders where a name did not resolve: that cell is already refused above.
          builderId: builderId ?? 1,
          cityId: cityId ?? 1,
          zoneId: zoneId ?? null,
          locationId: locationId ?? 1,
          description: cell('description') || null,
          tags: list(cell('tags')),
          transactionTag: (cell('transaction') || null) as ProjectCreateInput['transactionTag'],
          possessionDate: cell('possession_date') ? possessionDate(cell('possession_date')) : null,
          reraNumber: cell('rera_number') || null,
          amenities: list(cell('amenities')),
          status: (cell('status').toLowerCase() || 'active') as ProjectCreateInput['status'],
          approval: 'approved',
          units: [
            {
              type: cell('unit_type'),
              minPrice: cell('unit_min_price'),
              maxPrice: cell('unit_max_price'),
              facing: (cell('unit_facing') || null) as NonNullable<ProjectCreateInput['units'][number]>['facing'],
              exteriorArea: cell('unit_area_sqft') || null,
              floors: cell('unit_floors') || null,
              furnishing: (cell('unit_furnishing') || null) as NonNullable<ProjectCreateInput['units'][number]>['furnishing'],
            },
          ],
        };
        const parsed = ProjectCreateSchema.safeParse(input);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const [first, , unitField] = issue.path;
            const field = first === 'units' ? (unitField === 'type' ? 'type_unit' : String(unitField ?? 'unit_type')) : String(first ?? 'project_name');
            refuse(row, FIELD_COLUMN[field] ?? field, issue.message);
          }
        }

        // The project this row belongs to: same builder and name; it must repeat the first row's project columns.
        const name = cell('project_name');
        if (name && builder) {
          const key = `${builder.toLowerCase()}\u0000${name.toLowerCase()}`;
          const projectCells = PROJECT_COLUMNS.map((column) => cell(column));
          let project = projects.get(key);
          if (!project) {
            project = { firstRow: row, projectCells, badColumns: new Set(rowColumns), body: null, refused: false, units: 0 };
            projects.set(key, project);
            if (builderId !== undefined) {
              const id = builderId;
              const taken = await once(existing, key, () => repository.projectOf(id, name));
              if (taken !== undefined) refuse(row, 'project_name', `${builder} already has a project named "${name}" (id ${taken}): edit it in Projects instead`);
            }
          } else {
            PROJECT_COLUMNS.forEach((column, index) => {
              const first = project?.projectCells[index] ?? '';
              if (rowColumns.has(column) || project?.badColumns.has(column)) return;
              if (projectCells[index] !== first) refuse(row, column, `Differs from row ${project?.firstRow}, the first row of this project ("${first}")`);
            });
          }
          project.units += 1;
          if (project.units > LISTING_UNITS_MAX) refuse(row, 'unit_type', `A project has at most ${LISTING_UNITS_MAX} units; this is unit ${project.units}`);
          if (errorCount > before) {
            project.refused = true;
            project.body = null;
          } else if (parsed.success && mode === 'import' && !project.refused) {
            // Dry runs keep no bodies: only an import needs them.
            if (project.body) project.body.units.push(...parsed.data.units);
            else project.body = parsed.data;
          }
        }
        if (errorCount > before) refusedRows += 1;
      }

      if (header === null) throw new DomainError('VALIDATION', 'The file is empty: it needs a header row and one row per unit', { field: 'file' });
      if (rows === 0 && errorCount === 0) throw new DomainError('VALIDATION', 'The file has a header but no unit rows', { field: 'file' });
      errors.sort((a, b) => a.row - b.row);

      // A project is valid only when every one of its rows is.
      const validProjects = [...projects.values()].filter((project) => !project.refused).length;
      const summary = {
        success: true as const,
        mode,
        rows,
        validRows: rows - refusedRows,
        refusedRows,
        errorCount,
        errors,
      };
      if (errorCount > 0) {
        return {
          refused: mode === 'import',
          report: {
            ...summary,
            imported: false,
            projects: validProjects,
            createdProjectIds: [],
            message: `${refusedRows.toLocaleString('en-IN')} of ${rows.toLocaleString('en-IN')} rows refused (${errorCount.toLocaleString('en-IN')} ${errorCount === 1 ? 'cell' : 'cells'}). ${mode === 'import' ? 'Nothing was imported. ' : ''}Fix them and check the file again.`,
          },
        };
      }
      if (mode === 'dry-run') {
        return {
          refused: false,
          report: {
            ...summary,
            imported: false,
            projects: projects.size,
            createdProjectIds: [],
            message: `All ${rows.toLocaleString('en-IN')} rows are valid: ${projects.size.toLocaleString('en-IN')} ${projects.size === 1 ? 'project is' : 'projects are'} ready to import.`,
          },
        };
      }
      const bodies = [...projects.values()].flatMap((project) => (project.body && !project.refused ? [project.body] : []));
      const createdProjectIds = await transaction(async (session) => {
        const ids: number[] = [];
        for (const body of bodies) ids.push(await session.create(staffId, body));
        return ids;
      });
      return {
        refused: false,
        report: {
          ...summary,
          imported: true,
          projects: createdProjectIds.length,
          createdProjectIds,
          message: `Imported ${createdProjectIds.length.toLocaleString('en-IN')} ${createdProjectIds.length === 1 ? 'project' : 'projects'} with ${rows.toLocaleString('en-IN')} ${rows === 1 ? 'unit' : 'units'}. They are on the site now (except any marked inactive).`,
        },
      };
    },
  };
}

export type ProjectImportService = ReturnType<typeof createProjectImportService>;
