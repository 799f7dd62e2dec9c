import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** What the pages the server sends carry inline: the text of each style and script element. */
export interface InlineCode {
  styles: readonly string[];
  scripts: readonly string[];
}

const sha256Sources = (texts: readonly string[]) =>
  [...new Set(texts)].map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);

/**
 * The content security policy of every response, with neither 'unsafe-inline' nor nonces.
 * The marketing pages carry their stylesheet and the islands loader inline
 * (docs/decisions/023-inline-site-stylesheet.md); each is allowed by its SHA-256, computed
 * from the text the server sends. Every other script is a file from 'self'; any other
 * inline script or style, and every style or event attribute, stays refused.
 */
export function contentSecurityPolicy(inline: InlineCode): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...sha256Sources(inline.scripts)].join(' '),
    ["style-src 'self'", ...sha256Sources(inline.styles)].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const headers: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** The headers of every answer but HSTS (see below) and the request id, for `inline`: the inline style and script elements of the pages the server sends. */
export function securityHeadersOf(inline: InlineCode): Record<string, string> {
  return { 'content-security-policy': contentSecurityPolicy(inline), ...headers };
}

/**
 * `https`: the shop's public address is https, so browsers are told to use nothing else
 * (HSTS) on every answer, whether or not the proxy in front says how it was reached.
 * The marketing pages carry the same headers, made once (src/server/modules/pages/ready-pages.service.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean; headers: Record<string, string> }): void {
  const allHeaders = options.headers;
  // A callback, not an async function: every request passes here, without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(allHeaders);
    // HSTS only means something over HTTPS (the public address, directly, or behind a trusted proxy).
    if (options.https || request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-request-id', request.id);
    done();
  });
}
