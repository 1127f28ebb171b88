/**
 * What a service throws when a rule says no. Services know these codes, never HTTP statuses: the
 * errors plugin owns the one table that turns a code into a status.
 */
// UNPROCESSABLE: the request was well formed but nothing in it could be used (an upload whose every file was refused).
export const DOMAIN_ERROR_CODES = ['VALIDATION', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'UNPROCESSABLE', 'RATE_LIMITED'] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export interface DomainErrorDetails {
  /** The input field at fault, so a 4xx body can name it. */
  field?: string;
  /** For RATE_LIMITED: seconds until a retry may succeed (sent as Retry-After). */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static notFound(what: string, id: number | string): DomainError {
    return new DomainError('NOT_FOUND', `${what} ${id} not found`, { field: 'id' });
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
