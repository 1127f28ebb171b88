import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A CSP for a same-origin SPA: scripts, styles, fonts and API calls come from this origin only.
 * Styles allow 'unsafe-inline' because React's `style` props and Swagger UI set inline styles;
 * scripts never do. `ws:`/`wss:` are for the help chat's socket on the same host. Images may be
 * data:/blob: URLs (skeleton placeholders, previews of a file being uploaded), and come from the photo bucket's
 * public address when uploads live in one (MEDIA_STORE=s3).
 */
function contentSecurityPolicy(imageOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...imageOrigins].join(' '),
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
  ].join('; ');
}

const BASE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Production is served over HTTPS only (a load balancer may end TLS in front of us), so browsers are told to never
 * try plain HTTP for a year, subdomains included. Not in development: it would pin localhost to HTTPS.
 */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export interface SecurityHeadersOptions {
  /** Other origins images load from: the S3_PUBLIC_URL of uploaded photos when MEDIA_STORE=s3 (issue 5). */
  imageOrigins?: readonly string[];
  /** Send Strict-Transport-Security (NODE_ENV=production, issue 10). */
  hsts?: boolean;
}

/** Sets the same headers on every response, errors and static files included; no helmet needed for six. */
const securityHeadersPlugin: FastifyPluginAsync<SecurityHeadersOptions> = async (app, { imageOrigins = [], hsts = false }) => {
  const HEADERS: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(imageOrigins),
    ...BASE_HEADERS,
    ...(hsts ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
};

export default fp(securityHeadersPlugin, { name: 'security-headers' });
