import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The content security policy of every response. The pages carry no inline script, so
 * scripts need neither 'unsafe-inline' nor nonces: every script is a file from 'self'. The
 * one inline style the marketing pages carry (their stylesheet, docs/decisions/022-inline-site-stylesheet.md)
 * is allowed by its SHA-256, computed from the text the server sends; any other inline
 * style, and every style attribute, stays refused.
 */
function contentSecurityPolicy(inlineStyles: readonly string[]): string {
  const styleHashes = [...new Set(inlineStyles)].map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes].join(' '),
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

/**
 * `https`: the shop's public address is https, so browsers are told to use nothing else
 * (HSTS) on every answer, whether or not the proxy in front says how it was reached.
 * `inlineStyles`: the text of every `<style>` element of the pages the server sends.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean; inlineStyles: readonly string[] }): void {
  const allHeaders = { 'content-security-policy': contentSecurityPolicy(options.inlineStyles), ...headers };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(allHeaders);
    // HSTS only means something over HTTPS (the public address, directly, or behind a trusted proxy).
    if (options.https || request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-request-id', request.id);
  });
}
