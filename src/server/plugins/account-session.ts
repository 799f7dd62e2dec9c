import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookiePath, cookies } from '#shared/cookies.ts';
import { AppError } from '#shared/errors.ts';

/**
 * The buyer's account session (docs/product/account.md, docs/decisions/070-buyer-account.md):
 * the `account_session` cookie holds a 256-bit random id, the account module keeps its
 * SHA-256 with the address it signed in. Separate from the staff session
 * (staff-session.ts): neither opens what the other does.
 *
 * `requireAccount` is the one check of a buyer's call: the signed-in address, or 401 in
 * both languages. `requireAccountOfOrder` adds that the order is one of that address's
 * (404 otherwise, as for an order that does not exist), for the calls on one order.
 */

/** The signed-in buyer of a request. */
export interface AccountHolder {
  /** The address the sign-in link went to, lower-cased and trimmed. */
  email: string;
}

interface AccountSessions {
  /** The account module's lookup by the cookie's id (it owns the sessions table); refreshes the session's last use. */
  findSession: (sessionId: string) => Promise<AccountHolder | undefined>;
  /** Whether the order is one of the address's (its contact at checkout). */
  ownsOrder: (email: string, orderId: string) => Promise<boolean>;
  secureCookies: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountSessions: AccountSessions;
  }
}

/** Makes `requireAccount` work: call once in buildApp, before the routes. */
export function registerAccountSession(app: FastifyInstance, options: AccountSessions): void {
  app.decorate('accountSessions', { ...options });
}

/** The session id of the request's cookie, valid or not. */
export function accountCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[cookies.accountSession.name];
  return value && value.length <= 128 ? value : undefined;
}

/** The signed-in address of the request, or 401 `unauthorized` (the account's own message). Its answer is never cached. */
export async function requireAccount(request: FastifyRequest, reply: FastifyReply): Promise<AccountHolder> {
  reply.header('cache-control', 'no-store');
  const sessionId = accountCookieOf(request);
  const holder = sessionId ? await request.server.accountSessions.findSession(sessionId) : undefined;
  if (!holder) throw new AppError('unauthorized', 'error.account.signInNeeded');
  return holder;
}

/** The signed-in address when the order is one of its own; 401 without a session, 404 for another address's order. */
export async function requireAccountOfOrder(request: FastifyRequest, reply: FastifyReply, orderId: string): Promise<AccountHolder> {
  const holder = await requireAccount(request, reply);
  if (!(await request.server.accountSessions.ownsOrder(holder.email, orderId))) throw new AppError('notFound', 'error.order.notFound');
  return holder;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure when PUBLIC_URL is https; renewed with use, as the session is. */
export function setAccountCookie(reply: FastifyReply, sessionId: string): void {
  reply.setCookie(cookies.accountSession.name, sessionId, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.accountSessions.secureCookies,
    maxAge: cookies.accountSession.maxAgeSeconds,
  });
}

export function clearAccountCookie(reply: FastifyReply): void {
  reply.clearCookie(cookies.accountSession.name, { path: cookiePath, httpOnly: true, sameSite: 'lax', secure: reply.server.accountSessions.secureCookies });
}
