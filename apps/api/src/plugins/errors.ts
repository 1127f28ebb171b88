import { STATUS_CODES } from 'node:http';
import type { ErrorResponse } from '@nivaas/contracts/common.schema';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { type DomainErrorCode, isDomainError } from '../lib/domain-error';
import { connectionLost, type DatabaseFailure, databaseFailure } from '../lib/pg-errors';

/** The one place a domain error code becomes an HTTP status. */
const STATUS_BY_CODE: Record<DomainErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
};

const INTERNAL = 'Internal Server Error';

interface ClientFailure {
  statusCode: number;
  message: string;
}

/**
 * Issue 10: a value the database refused came from the request, whatever check let it through, so it is the
 * client's 400 (or 409 when it collides with a stored row), never a 500. Class 22 is 'data exception', class 23
 * 'integrity constraint violation'.
 */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22001': 'a text is longer than the database allows',
  '22003': 'a number is out of range',
  '22007': 'a date or time is not valid',
  '22008': 'a date or time is out of range',
  '22021': 'a text has characters that are not allowed',
  '22P05': 'a text has characters that are not allowed',
  '22P02': 'a value is not in the expected format',
  '2201B': 'a pattern is not valid',
  '22025': 'a pattern is not valid',
};
const CONSTRAINT_VIOLATIONS: Record<string, ClientFailure> = {
  '23502': { statusCode: 400, message: 'a required value is missing' },
  '23514': { statusCode: 400, message: 'a value breaks a rule of the record' },
  '23503': { statusCode: 409, message: 'it refers to a record that does not exist, or one still in use' },
  '23505': { statusCode: 409, message: 'it conflicts with a record that already exists' },
  '23P01': { statusCode: 409, message: 'it conflicts with a record that already exists' },
};

function refusedByDatabase({ sqlState }: DatabaseFailure): ClientFailure | null {
  if (sqlState.startsWith('22')) return { statusCode: 400, message: `Invalid request: ${DATA_EXCEPTIONS[sqlState] ?? 'a value is not valid'}` };
  const violation = CONSTRAINT_VIOLATIONS[sqlState];
  return violation ? { statusCode: violation.statusCode, message: `The request could not be saved: ${violation.message}` } : null;
}

/**
 * @fastify/multipart's errors, in words for the uploader. Its own statuses are kept except 406 (that is about the
 * Accept header): a body that is not the multipart it should be is a 400.
 */
const MULTIPART_ERRORS: Record<string, ClientFailure> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: { statusCode: 400, message: 'Send this as multipart/form-data' },
  FST_INVALID_JSON_FIELD_ERROR: { statusCode: 400, message: 'A form field sent as JSON is not valid JSON' },
  FST_PROTO_VIOLATION: { statusCode: 400, message: 'A form field has a name that is not allowed' },
  FST_MP_PREMATURE_CLOSE: { statusCode: 400, message: 'The upload ended before the whole form arrived' },
  FST_PARTS_LIMIT: { statusCode: 413, message: 'Too many parts in one upload' },
  FST_FILES_LIMIT: { statusCode: 413, message: 'Too many files in one upload' },
  FST_FIELDS_LIMIT: { statusCode: 413, message: 'Too many form fields in one upload' },
  FST_REQ_FILE_TOO_LARGE: { statusCode: 413, message: 'A file is larger than this upload allows' },
};

/**
 * What busboy (the parser under @fastify/multipart) throws for a body that is not the multipart its Content-Type
 * claims: plain Errors without a status, known only by their words, given here in the uploader's.
 */
const MALFORMED_MULTIPART: [RegExp, string][] = [
  [/^Multipart: Boundary not found$/, 'its Content-Type names no boundary'],
  [/^The needle cannot have a length bigger than \d+\.?$/, 'its boundary is too long'],
  [/^(?:Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/, 'it ends before its closing boundary'],
  [/^(?:Unsupported Content-Type|Missing Content-Type-header)\.?$/, 'its Content-Type is not multipart/form-data'],
];

function refusedMultipart(error: FastifyError, request: FastifyRequest): ClientFailure | null {
  const known = MULTIPART_ERRORS[error.code];
  if (known) return known;
  if (error.statusCode !== undefined || !/^multipart\//i.test(request.headers['content-type'] ?? '')) return null;
  const reason = MALFORMED_MULTIPART.find(([words]) => words.test(error.message))?.[1];
  return reason ? { statusCode: 400, message: `The upload could not be read: ${reason}` } : null;
}

type FieldIssue = NonNullable<ErrorResponse['issues']>[number];

/** A schema validation failure as Fastify hands it over (zod issues wrapped by the type provider). */
interface ValidationItem {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: { keys?: unknown };
}
interface ValidationFailure {
  validation: ValidationItem[];
  validationContext?: string;
}

function isValidationFailure(error: unknown): error is ValidationFailure {
  return typeof error === 'object' && error !== null && Array.isArray((error as ValidationFailure).validation);
}

/** `/limit` -> `limit`, `/units/0/type` -> `units.0.type`; a whole-object issue names the part of the request. */
function fieldOf(instancePath: string | undefined, context: string): string {
  const field = (instancePath ?? '').split('/').filter(Boolean).join('.');
  return field || context;
}

/**
 * One issue per offending field. A strict schema reports all unknown keys as one issue on the
 * object; split it so each key is named (a client trying to set `stage` or `userId` learns exactly which).
 */
function issuesOf(issue: ValidationItem, context: string): FieldIssue[] {
  const keys = issue.params?.keys;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0) {
    const parent = fieldOf(issue.instancePath, '');
    return keys.map((key) => ({
      field: parent ? `${parent}.${String(key)}` : String(key),
      message: 'is not a field this request accepts',
    }));
  }
  return [{ field: fieldOf(issue.instancePath, context), message: issue.message ?? 'is invalid' }];
}

function errorBody(request: FastifyRequest, statusCode: number, message: string, extra: Partial<ErrorResponse> = {}): ErrorResponse {
  return {
    success: false,
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...extra,
    requestId: request.id,
  };
}

function sendError(reply: FastifyReply, body: ErrorResponse): FastifyReply {
  return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * One error handler and one not-found handler for the whole app. 4xx bodies say what was wrong and
 * name the field; 5xx bodies say only that something failed, while the log keeps the whole error
 * under the request id.
 */
const errorsPlugin: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isValidationFailure(error)) {
      const context = error.validationContext ?? 'request';
      const issues: FieldIssue[] = error.validation.flatMap((issue) => issuesOf(issue, context));
      const summary = issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
      request.log.info({ issues, context }, 'request rejected by validation');
      return sendError(reply, errorBody(request, 400, `Invalid ${context}: ${summary}`, { field: issues[0]?.field, issues }));
    }

    if (isDomainError(error)) {
      const statusCode = STATUS_BY_CODE[error.code];
      request.log.info({ code: error.code, message: error.message }, 'request refused by a domain rule');
      if (error.details.retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(error.details.retryAfterSeconds))));
      return sendError(reply, errorBody(request, statusCode, error.message, error.details.field ? { field: error.details.field } : {}));
    }

    const multipart = refusedMultipart(error, request);
    if (multipart) {
      request.log.info({ code: error.code, message: error.message }, 'multipart body refused');
      return sendError(reply, errorBody(request, multipart.statusCode, multipart.message));
    }

    // Column names are the database's, not the API's, so the body names no field; the log keeps them.
    const failure = databaseFailure(error);
    const refused = failure && refusedByDatabase(failure);
    if (failure && refused) {
      // A warning, not info: validation should have caught this first. Only names go to the log, never the values.
      request.log.warn({ sqlState: failure.sqlState, table: failure.table, column: failure.column, constraint: failure.constraint }, 'database refused a value from the request');
      return sendError(reply, errorBody(request, refused.statusCode, refused.message));
    }

    // Not the request's fault and not lasting: a client that retries after a second reaches a fresh connection.
    if (connectionLost(error)) {
      request.log.warn({ err: error }, 'database connection lost during the request');
      reply.header('retry-after', '1');
      return sendError(reply, errorBody(request, 503, 'The service lost its database connection for a moment. Please try again.'));
    }

    // Fastify's own client errors (malformed or empty JSON, body too large, unsupported media type)
    // carry a 4xx status and a message written for the client. A response that fails its own
    // schema is our bug, whatever status it carries.
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500 && !isResponseSerializationError(error)) {
      request.log.info({ code: error.code, message: error.message }, 'client error');
      return sendError(reply, errorBody(request, statusCode, error.message));
    }

    request.log.error({ err: error }, 'request failed');
    return sendError(reply, errorBody(request, 500, INTERNAL));
  });

  app.setNotFoundHandler((request, reply) => {
    sendError(reply, errorBody(request, 404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
};

export default fp(errorsPlugin, { name: 'errors' });
