import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import type { TopologyInfo } from './topology';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The API process HAProxy sent the request to (its X-Served-By stamp). */
  servedBy: string;
  text: string;
  json<T>(): T;
}

export interface RequestOptions {
  /** Send the request to this process (HAProxy's use-server rule); the answer's servedBy says where it went. */
  pin?: string;
  /** A JSON body, or a ready-made one with its content type (multipart). */
  body?: unknown;
  raw?: { bytes: Buffer; contentType: string };
  token?: string;
  headers?: Record<string, string>;
}

/**
 * A client of the balancer with its own source address. 127.0.0.0/8 is all loopback on Linux, so each test picks
 * one and is a separate visitor to HAProxy, which forwards that address (X-Forwarded-For) to the limits. node:http
 * rather than fetch: fetch cannot choose its local address without undici's own Agent.
 */
export class Client {
  /** Cookies the server set, by name (the refresh cookie travels back only to /api/auth, as a browser's would). */
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly info: TopologyInfo,
    readonly address: string,
  ) {}

  async send(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const url = new URL(path, this.info.balancer);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let bytes: Buffer | undefined;
    if (options.raw) {
      bytes = options.raw.bytes;
      headers['content-type'] = options.raw.contentType;
    } else if (options.body !== undefined) {
      bytes = Buffer.from(JSON.stringify(options.body));
      headers['content-type'] = 'application/json';
    }
    if (bytes) headers['content-length'] = String(bytes.length);
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.pin) headers[this.info.pinHeader] = options.pin;
    if (url.pathname.startsWith('/api/auth') && this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const answer = await new Promise<Omit<Answer, 'json'>>((resolve, reject) => {
      const outgoing = httpRequest(url, { method, headers, localAddress: this.address, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const servedBy = response.headers[this.info.servedByHeader];
          resolve({ status: response.statusCode ?? 0, headers: response.headers, servedBy: typeof servedBy === 'string' ? servedBy : '', text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      outgoing.on('error', reject);
      outgoing.end(bytes);
    });
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [pair = ''] = line.split(';');
      const split = pair.indexOf('=');
      const name = pair.slice(0, split).trim();
      const value = pair.slice(split + 1).trim();
      // A cleared cookie comes back empty (and expired): the browser would drop it.
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { ...answer, json: <T>() => JSON.parse(answer.text) as T };
  }

  get(path: string, options?: RequestOptions): Promise<Answer> {
    return this.send('GET', path, options);
  }

  post(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>): Promise<Answer> {
    return this.send('POST', path, { ...options, body });
  }

  patch(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>): Promise<Answer> {
    return this.send('PATCH', path, { ...options, body });
  }
}

/** A multipart body as a browser's FormData would send it. */
export async function multipart(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const encoded = new Response(form);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}

/** Fails with the answer's body when the status is not (one of) the expected, and when the pin did not hold. */
export function expectAnswer(answer: Answer, status: number | number[], servedBy?: string): Answer {
  if (!(Array.isArray(status) ? status : [status]).includes(answer.status)) throw new Error(`expected ${String(status)}, got ${answer.status} from ${answer.servedBy || 'the balancer'}: ${answer.text.slice(0, 400)}`);
  if (servedBy !== undefined && answer.servedBy !== servedBy) throw new Error(`pinned to ${servedBy}, but ${answer.servedBy || 'nobody'} answered`);
  return answer;
}
