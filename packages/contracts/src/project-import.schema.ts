import { z } from 'zod';
import { PROPERTY_TYPES, TRANSACTION_TAGS } from './project.schema';
import { FACINGS, FURNISHINGS } from './upload.schema';

/**
 * Issue 14: `POST /api/admin/projects/import?mode=dry-run|import` (provider only). The body is the file itself,
 * `Content-Type: text/csv` (UTF-8) or the XLSX type, one row per unit with the project's columns repeated on each of
 * its rows: the sheet a builder's sales team already keeps. Rows of one project are those with the same builder and
 * project name; they must agree on every project column. `dry-run` (the default) checks every row and answers the
 * report; `import` checks the same and, when no row is refused, creates every project in ONE transaction (all or
 * nothing; a file cut off, or a refused row, imports nothing). Imported projects are approved, and live unless their
 * status column says inactive. A project whose builder already has one of that name is refused (edit it instead).
 */

export const IMPORT_MODES = ['dry-run', 'import'] as const;
export const ProjectImportQuerySchema = z.object({ mode: z.enum(IMPORT_MODES).default('dry-run') });
export type ProjectImportQuery = z.infer<typeof ProjectImportQuerySchema>;

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** CSV is read as a stream, so only the row cap bounds it; an XLSX is held whole (a zip is read from its end). */
export const IMPORT_CSV_MAX_BYTES = 64 * 1024 * 1024;
export const IMPORT_XLSX_MAX_BYTES = 16 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** The report lists at most this many refused cells (with the total), so a wholly wrong file answers quickly. */
export const IMPORT_ERRORS_SHOWN = 1_000;

export interface ImportColumn {
  name: string;
  required: boolean;
  /** Project columns repeat on every unit row of the project; unit columns describe that row's unit. */
  level: 'project' | 'unit';
  about: string;
  example: string;
}

/** The columns, in the template's order. Headers match case-insensitively; spaces count as underscores. */
export const PROJECT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { name: 'project_name', required: true, level: 'project', about: 'The project name, 3 to 120 characters', example: 'Lakeside Residences' },
  { name: 'builder', required: true, level: 'project', about: 'A builder in the catalogue, by name', example: 'Prestige Group' },
  { name: 'city', required: true, level: 'project', about: 'A city in the catalogue, by name', example: 'Bengaluru' },
  { name: 'zone', required: false, level: 'project', about: "The locality's zone; taken from the locality when empty", example: 'East Bengaluru' },
  { name: 'locality', required: true, level: 'project', about: 'A locality of that city, by name', example: 'Whitefield' },
  { name: 'property_type', required: true, level: 'project', about: PROPERTY_TYPES.join(' | '), example: 'apartment' },
  { name: 'transaction', required: false, level: 'project', about: TRANSACTION_TAGS.join(' | '), example: 'New Booking' },
  { name: 'possession_date', required: false, level: 'project', about: 'YYYY-MM-DD (an Excel date cell works too)', example: '2027-03-31' },
  { name: 'rera_number', required: false, level: 'project', about: 'Up to 60 characters', example: 'PRM/KA/RERA/1251/446/PR/010123/005678' },
  { name: 'tags', required: false, level: 'project', about: 'Separated by ;', example: 'Ready to Move;Gated Community' },
  { name: 'amenities', required: false, level: 'project', about: 'Separated by ;', example: 'Pool;Gym;Clubhouse' },
  { name: 'description', required: false, level: 'project', about: 'Up to 5,000 characters', example: 'Lake-facing towers near the metro.' },
  { name: 'status', required: false, level: 'project', about: 'active (default: on the site at once) | inactive', example: 'active' },
  { name: 'unit_type', required: true, level: 'unit', about: 'Bedrooms (2, 3) or a word (studio, plot, pent house)', example: '2' },
  { name: 'unit_min_price', required: true, level: 'unit', about: 'Rupees: 8500000, ₹ 85,00,000 or 85 lakh', example: '8500000' },
  { name: 'unit_max_price', required: true, level: 'unit', about: 'Rupees, not below the minimum', example: '9200000' },
  { name: 'unit_facing', required: false, level: 'unit', about: FACINGS.join(' | '), example: 'East' },
  { name: 'unit_area_sqft', required: false, level: 'unit', about: 'Whole square feet', example: '1250' },
  { name: 'unit_floors', required: false, level: 'unit', about: "Free text: 'Ground', '7 of 14'", example: '7 of 14' },
  { name: 'unit_furnishing', required: false, level: 'unit', about: FURNISHINGS.join(' | '), example: 'Semi-Furnished' },
];

/** One refused cell: the spreadsheet row (the header is row 1), the column's name, and what is wrong. */
export const ImportCellErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportCellError = z.infer<typeof ImportCellErrorSchema>;

export const ProjectImportReportSchema = z.object({
  success: z.literal(true),
  mode: z.enum(IMPORT_MODES),
  /** True only when mode was import and every project was created. */
  imported: z.boolean(),
  message: z.string(),
  /** Data rows read (units), not counting the header or blank rows. */
  rows: z.number().int(),
  validRows: z.number().int(),
  refusedRows: z.number().int(),
  /** Distinct projects in the file whose every row is valid. */
  projects: z.number().int(),
  /** The ids created (import only). */
  createdProjectIds: z.array(z.number().int()),
  errorCount: z.number().int(),
  /** The first IMPORT_ERRORS_SHOWN refused cells, by row. */
  errors: z.array(ImportCellErrorSchema),
});
export type ProjectImportReport = z.infer<typeof ProjectImportReportSchema>;
