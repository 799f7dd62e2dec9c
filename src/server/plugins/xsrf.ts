import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { needsXsrfToken } from '#shared/contract.ts';
import { xsrfCalls } from '#shared/contract/xsrf.ts';
import { cookiePath, cookies, xsrfHeader } from '#shared/cookies.ts';
import { AppError } from '#shared/errors.ts';

/**
 * Anti-forgery (docs/product/cookies.md). A visitor gets a random secret in an HttpOnly
 * cookie; the token is `nonce.HMAC(serverKey, secret.nonce)`, readable by scripts in the
 * `XSRF-TOKEN` cookie and sent back in the `X-XSRF-TOKEN` header. A made-up token, or a
 * token copied from another visitor, fails the signature check (docs/decisions/003).
 */
const xsrfCookie = cookies.xsrfToken.name;
const secretCookie = cookies.xsrfSecret.name;

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

  registerCall(app.withTypeProvider<ZodTypeProvider>(), xsrfCalls.token, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { token: issueToken(request, reply) };
  });

  // Every write needs the header but the one call its contract entry exempts
  // (`needsXsrfToken`, src/shared/contract.ts); the OpenAPI document asks the same function.
  // A callback, not an async function: every request passes here, without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!needsXsrfToken(request.method, request.routeOptions.config.call)) {
      done();
      return;
    }
    const header = request.headers[xsrfHeader];
    const token = Array.isArray(header) ? header[0] : header;
    const valid =
      token !== undefined &&
      token === request.cookies[xsrfCookie] &&
      isValidXsrfToken(options.serverKey, request.cookies[secretCookie], token);
    done(valid ? undefined : new AppError('xsrf'));
  });
}
