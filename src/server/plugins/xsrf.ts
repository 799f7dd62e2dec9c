import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookiePath, cookies, xsrfHeader } from '#shared/cookies.ts';
import { AppError } from '#shared/errors.ts';
import { xsrfTokenSchema } from '#shared/schemas/common.ts';

/**
 * Anti-forgery (docs/product/cookies.md). A visitor gets a random secret in an HttpOnly
 * cookie; the token is `nonce.HMAC(serverKey, secret.nonce)`, readable by scripts in the
 * `XSRF-TOKEN` cookie and sent back in the `X-XSRF-TOKEN` header. A made-up token, or a
 * token copied from another visitor, fails the signature check (docs/decisions/003).
 */
const xsrfCookie = cookies.xsrfToken.name;
const secretCookie = cookies.xsrfSecret.name;
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one call without the check (docs/product/api-conventions.md): the newsletter's
 * one-click unsubscribe (RFC 8058), the List-Unsubscribe address of its mails. A mail
 * program posts it without the visitor's cookies, so it cannot send the header; the
 * 256-bit token in its address is the credential, and a request that has it can do no
 * more than unsubscribe the token's owner.
 */
const exemptRoutes = new Set(['POST /api/newsletter/:token/unsubscribe']);

/**
 * Whether a route (its method and pattern, `/api/orders/:orderId/checkout`) needs the
 * header: the check below and the OpenAPI document (src/server/plugins/api-document.ts)
 * both ask here, so the document marks exactly the calls the server refuses without it.
 */
export function needsXsrfToken(method: string, routeUrl: string | undefined): boolean {
  return unsafeMethods.has(method) && !exemptRoutes.has(`${method} ${routeUrl}`);
}

function sign(serverKey: string, visitorSecret: string, nonce: string): string {
  return createHmac('sha256', serverKey).update(`${visitorSecret}.${nonce}`).digest('base64url');
}

function createXsrfToken(serverKey: string, visitorSecret: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${sign(serverKey, visitorSecret, nonce)}`;
}

function isValidXsrfToken(serverKey: string, visitorSecret: string | undefined, token: string | undefined): boolean {
  if (!visitorSecret || !token) return false;
  const [nonce, signature, ...rest] = token.split('.');
  if (!nonce || !signature || rest.length > 0) return false;
  const expected = Buffer.from(sign(serverKey, visitorSecret, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function registerXsrf(app: FastifyInstance, options: { serverKey: string; secureCookies: boolean }): void {
  const issueToken = (request: FastifyRequest, reply: FastifyReply): string => {
    let visitorSecret = request.cookies[secretCookie];
    if (!visitorSecret || visitorSecret.length < 32) {
      visitorSecret = randomBytes(32).toString('base64url');
      reply.setCookie(secretCookie, visitorSecret, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
      });
    }
    const token = createXsrfToken(options.serverKey, visitorSecret);
    reply.setCookie(xsrfCookie, token, { path: cookiePath, sameSite: 'lax', secure: options.secureCookies });
    return token;
  };

  app.get('/api/xsrf/token', { schema: { summary: 'Issues the anti-forgery token (also set as the XSRF-TOKEN cookie)', response: { 200: xsrfTokenSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { token: issueToken(request, reply) };
  });

  app.addHook('onRequest', async (request) => {
    if (!needsXsrfToken(request.method, request.routeOptions.url)) return;
    const header = request.headers[xsrfHeader];
    const token = Array.isArray(header) ? header[0] : header;
    const valid =
      token !== undefined &&
      token === request.cookies[xsrfCookie] &&
      isValidXsrfToken(options.serverKey, request.cookies[secretCookie], token);
    if (!valid) throw new AppError('xsrf');
  });
}
