import {
  MeResponseSchema,
  ProviderSignInResponseSchema,
  RefreshTokenResponseSchema,
  SendOtpResponseSchema,
  type SendOtpResponse,
  type StaffAccount,
} from '@nivaas/contracts/auth.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { readableErrorMessage } from '@nivaas/client-kit/error-message';
import { retryAfterRefresh, sharedRefresh } from '@nivaas/client-kit/refresh-on-401';
import type { z } from 'zod';

/** A failed call, with the server's own message (4xx bodies name what was wrong) when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** Every field the API refused, each with its own message (issue 14: a form shows them beside their fields). */
    readonly issues: readonly { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_MESSAGE = 'Could not reach the server. Check the connection and try again.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
const UNREADABLE_MESSAGE = 'The server sent an answer the console could not read.';

/**
 * Only the e-mail is kept between visits: the refresh token lives in an httpOnly cookie the page cannot read, and the
 * refresh call names the account it expects (spec §7 refresh-token {email, role, app}; decision 003).
 */
const EMAIL_KEY = 'nivaas_provider_email';

export type SessionState =
  | { status: 'restoring' }
  | { status: 'signed-out'; reason?: string }
  | { status: 'signed-in'; staff: StaffAccount };

interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Whether to send the access token (and refresh it once on a 401). */
  auth?: boolean;
}

function readStoredEmail(): string | null {
  try {
    return localStorage.getItem(EMAIL_KEY);
  } catch {
    return null;
  }
}

function writeStoredEmail(email: string | null): void {
  try {
    if (email === null) localStorage.removeItem(EMAIL_KEY);
    else localStorage.setItem(EMAIL_KEY, email);
  } catch {
    // Private mode without storage: the session simply does not survive a reload.
  }
}

/**
 * The console's one way to the API: bearer token on every call, one shared refresh on a 401 then one retry
 * (spec §4 'Session token'), every answer parsed with its contract.
 */
export class ProviderApi {
  private token: string | null = null;
  private email: string | null = null;
  private readonly refreshing = new Map<'provider', Promise<string | null>>();
  private state: SessionState = { status: 'restoring' };
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): SessionState => this.state;

  private setState(next: SessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** On load: a stored e-mail plus a valid refresh cookie signs the provider back in without a passcode. */
  async restore(): Promise<void> {
    const email = readStoredEmail();
    if (email === null) {
      this.setState({ status: 'signed-out' });
      return;
    }
    this.email = email;
    try {
      const token = await this.refresh();
      if (token === null) {
        this.setState({ status: 'signed-out' });
        return;
      }
      const me = await this.call('/api/auth/me', MeResponseSchema);
      if (me.account.kind !== 'provider') throw new ApiError(403, SESSION_ENDED_MESSAGE);
      const { kind: _kind, ...staff } = me.account;
      this.setState({ status: 'signed-in', staff });
    } catch {
      this.forget();
      this.setState({ status: 'signed-out' });
    }
  }

  sendPasscode(email: string): Promise<SendOtpResponse> {
    return this.call('/api/auth/provider/send-otp', SendOtpResponseSchema, { method: 'POST', body: { email }, auth: false });
  }

  async verifyPasscode(email: string, otp: string): Promise<StaffAccount> {
    const signedIn = await this.call('/api/auth/provider/verify-otp', ProviderSignInResponseSchema, {
      method: 'POST',
      body: { email, otp },
      auth: false,
    });
    this.token = signedIn.token;
    this.email = signedIn.staff.email;
    writeStoredEmail(signedIn.staff.email);
    this.setState({ status: 'signed-in', staff: signedIn.staff });
    return signedIn.staff;
  }

  async signOut(): Promise<void> {
    try {
      await fetch('/api/auth/portal/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'provider' }),
      });
    } catch {
      // Signed out here whatever the server says; the cookie expires on its own.
    }
    this.forget();
    this.setState({ status: 'signed-out' });
  }

  /** A call with the provider's token; `schema` parses the success body. */
  async call<S extends z.ZodType>(path: string, schema: S, options: CallOptions = {}): Promise<z.output<S>> {
    const { method = 'GET', body, auth = true } = options;
    const response = await retryAfterRefresh(await this.send(path, method, body, auth), {
      unauthorized: (answer) => auth && answer.status === 401,
      token: () => this.refresh(),
      // The refresh stored the new token: send() sends it.
      resend: () => this.send(path, method, body, auth),
      ended: () => {
        this.forget();
        this.setState({ status: 'signed-out', reason: SESSION_ENDED_MESSAGE });
        throw new ApiError(401, SESSION_ENDED_MESSAGE);
      },
    });
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const error = ErrorResponseSchema.safeParse(payload);
      if (error.success) throw new ApiError(response.status, readableErrorMessage(error.data), error.data.field, error.data.issues);
      throw new ApiError(response.status, `The server answered ${response.status}. Please try again.`);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new ApiError(response.status, UNREADABLE_MESSAGE);
    return parsed.data;
  }

  /**
   * A multipart upload (issue 14: photos) with progress: fetch cannot report an upload's progress, so this one call
   * uses XMLHttpRequest. `onProgress` gets 0..1. Answers the parsed body for 2xx (200 and 207 alike); a refusal
   * throws ApiError with the server's message, which names every refused file.
   */
  async upload<S extends z.ZodType>(
    path: string,
    form: FormData | Blob,
    schema: S,
    onProgress: (fraction: number) => void,
    /** Issue 14 part 3: a file sent as the body itself (the bulk import's CSV or XLSX) names its type here. */
    contentType?: string,
  ): Promise<z.output<S>> {
    const send = () =>
      new Promise<{ status: number; payload: unknown }>((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open('POST', path);
        request.setRequestHeader('accept', 'application/json');
        if (contentType) request.setRequestHeader('content-type', contentType);
        if (this.token !== null) request.setRequestHeader('authorization', `Bearer ${this.token}`);
        request.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
        };
        request.onload = () => {
          let payload: unknown;
          try {
            payload = JSON.parse(request.responseText);
          } catch {
            payload = undefined;
          }
          resolve({ status: request.status, payload });
        };
        request.onerror = () => reject(new ApiError(0, NETWORK_MESSAGE));
        request.send(form);
      });
    let answer = await send();
    if (answer.status === 401) {
      // One refresh, then one retry (spec §4 'Session token'), as call() does.
      if ((await this.refresh()) === null) {
        this.forget();
        this.setState({ status: 'signed-out', reason: SESSION_ENDED_MESSAGE });
        throw new ApiError(401, SESSION_ENDED_MESSAGE);
      }
      answer = await send();
    }
    if (answer.status < 200 || answer.status >= 300) {
      const error = ErrorResponseSchema.safeParse(answer.payload);
      if (error.success) throw new ApiError(answer.status, readableErrorMessage(error.data), error.data.field, error.data.issues);
      throw new ApiError(answer.status, `The server answered ${answer.status}. Please try again.`);
    }
    const parsed = schema.safeParse(answer.payload);
    if (!parsed.success) throw new ApiError(answer.status, UNREADABLE_MESSAGE);
    return parsed.data;
  }

  private async send(path: string, method: string, body: unknown, auth: boolean): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (auth && this.token !== null) headers.authorization = `Bearer ${this.token}`;
    try {
      return await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new ApiError(0, NETWORK_MESSAGE);
    }
  }

  /** One refresh at a time: calls that fail together wait for the same new token. */
  private refresh(): Promise<string | null> {
    return sharedRefresh(this.refreshing, 'provider', async () => {
      const email = this.email;
      if (email === null) return null;
      try {
        const response = await fetch('/api/auth/portal/refresh-token', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ email, role: 'provider', app: 'dashboard' }),
        });
        if (!response.ok) return null;
        const parsed = RefreshTokenResponseSchema.safeParse(await response.json().catch(() => undefined));
        this.token = parsed.success ? parsed.data.token : null;
        return this.token;
      } catch {
        return null;
      }
    });
  }

  private forget(): void {
    this.token = null;
    this.email = null;
    writeStoredEmail(null);
  }
}
