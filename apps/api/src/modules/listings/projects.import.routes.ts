import type { Readable } from 'node:stream';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import {
  CSV_TYPE,
  IMPORT_CSV_MAX_BYTES,
  IMPORT_XLSX_MAX_BYTES,
  ProjectImportQuerySchema,
  ProjectImportReportSchema,
  XLSX_TYPE,
} from '@nivaas/contracts/project-import.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../lib/domain-error';
import { csvRecords } from '../../lib/tabular/csv-records';
import { type TabularRecord, TabularFileError } from '../../lib/tabular/tabular-records';
import { xlsxRecords } from '../../lib/tabular/xlsx-records';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { ProjectImportService } from './projects.import.service';

export interface ProjectImportRoutesOptions {
  projectImport: ProjectImportService;
}

function tooLarge(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 413 });
}

/** The upload's bytes as they arrive, refused past `max` (the body is a raw stream here, so Fastify's limit does not apply). */
async function* upTo(source: Readable, max: number, what: string): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > max) throw tooLarge(`${what} files may be at most ${Math.round(max / 1024 / 1024)} MB: split the file`);
    yield chunk;
  }
}

async function wholeOf(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A file that cannot be read is the client's 400 naming `file` (413 when too large), never a 500. */
async function* readable(records: AsyncIterable<TabularRecord> | Iterable<TabularRecord>): AsyncGenerator<TabularRecord> {
  try {
    yield* records;
  } catch (error) {
    if (error instanceof TabularFileError) {
      if (error.tooLarge) throw tooLarge(error.message);
      throw new DomainError('VALIDATION', error.row === undefined ? error.message : `Row ${error.row}: ${error.message}`, { field: 'file' });
    }
    throw error;
  }
}

/**
 * Issue 14: the bulk import, mounted under /api/admin, provider staff only. The body is the file itself (text/csv or
 * XLSX), so the CSV is parsed as its bytes arrive; the content-type parsers live in this plugin only.
 */
export const projectImportRoutes: FastifyPluginAsyncZod<ProjectImportRoutesOptions> = async (app, { projectImport }) => {
  // Before the body is read: 401 without a token, 403 for a user or broker, whatever they send.
  app.addHook('onRequest', requireAuth('provider'));
  // The stream itself, unread: the route reads it (a CSV as a stream, an XLSX whole).
  app.addContentTypeParser([CSV_TYPE, XLSX_TYPE], (_request, payload, done) => done(null, payload));

  app.post(
    '/projects/import',
    {
      schema: {
        tags: ['projects'],
        summary:
          'Bulk import of builders\' projects with their units from a CSV (UTF-8) or XLSX file sent as the body (one row per unit, project columns repeated; contracts project-import.schema.ts lists the columns). mode=dry-run (default) answers the report of refused cells; mode=import creates every project in one transaction when no row is refused (422 with the report otherwise, nothing imported)',
        consumes: [CSV_TYPE, XLSX_TYPE],
        querystring: ProjectImportQuerySchema,
        response: { 200: ProjectImportReportSchema, 422: ProjectImportReportSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as Partial<Readable>).pipe !== 'function') throw new DomainError('VALIDATION', 'Send the file as the body, as text/csv or XLSX', { field: 'file' });
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      const records =
        type === XLSX_TYPE
          ? readable(xlsxRecords(await wholeOf(upTo(body, IMPORT_XLSX_MAX_BYTES, 'XLSX'))))
          : readable(csvRecords(upTo(body, IMPORT_CSV_MAX_BYTES, 'CSV')));
      const { report, refused } = await projectImport.run(principalOf(request).id, records, request.query);
      return reply.code(refused ? 422 : 200).send(report);
    },
  );
};
