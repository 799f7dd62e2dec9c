import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response. The pages carry no inline script or style, so the
 * policy needs neither 'unsafe-inline' nor nonces: every script is a file from 'self'.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const headers: Record<string, string> = {
  'content-security-policy': contentSecurityPolicy,
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
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // HSTS only means something over HTTPS (the public address, directly, or behind a trusted proxy).
    if (options.https || request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-request-id', request.id);
  });
}
