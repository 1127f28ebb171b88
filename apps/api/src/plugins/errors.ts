import { STATUS_CODES } from 'node:http';
import type { ErrorResponse } from '@nivaas/contracts/common.schema';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { type DomainErrorCode, isDomainError } from '../lib/domain-error';

/** The one place a domain error code becomes an HTTP status. */
const STATUS_BY_CODE: Record<DomainErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

const INTERNAL = 'Internal Server Error';

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
