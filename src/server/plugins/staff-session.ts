import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookiePath, cookies } from '#shared/cookies.ts';
import { AppError } from '#shared/errors.ts';
import { roleAllows, type StaffRole } from '#shared/staff-roles.ts';

/**
 * Staff sessions (docs/product/cookies.md). The `session` cookie holds a 256-bit random
 * id; the database keeps only its SHA-256, so a copy of `staff_sessions` opens nothing.
 * A session is valid while it has not ended, is not waiting for the second factor, was
 * used in the last 8 hours, is younger than 7 days, and its account is not disabled.
 *
 * `requireStaff` guards a route: 401 without a valid session, 403 `secondFactorRequired`
 * under STAFF_MFA=required for staff without a second factor (except the calls the
 * contract marks `staff: 'withoutSecondFactor'`, the /api/users/me… calls), 403
 * `forbidden` when the staff member's role is below the one the contract entry names
 * (docs/product/staff-roles.md; both 403s are handed to `recordRefusal`, which writes the
 * audit row), and `Cache-Control: no-store` on every answer. `registerCall` (src/server/http/register-call.ts)
 * puts it on every call the contract marks `staff`; no route adds it by hand.
 */

/** Who is signed in: what `request.staff` holds on a guarded route. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** Where the request came from (the audit log's client address). */
  clientAddress: string;
}

/** A staff call refused with 403 (role or second factor), as the audit log records it. */
interface RefusedStaffCall {
  staff: StaffMember;
  /** The method and the address asked for, without its query. */
  method: string;
  address: string;
  needed: StaffRole | 'secondFactor';
}

/** The session of a guarded request. */
export interface CurrentStaffSession {
  /** SHA-256 of the cookie's id, hex: the row's key. */
  idHash: string;
  secondFactorEnabled: boolean;
}

export type SecondFactorPolicy = 'optional' | 'required';

/** The staff member of a valid session, as the staff module finds it by the id's hash. */
export interface SessionOwner {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  secondFactorEnabled: boolean;
}

interface StaffSessions {
  /** The staff module's lookup (it owns the staff tables, docs/decisions/058-tables-owned-by-modules.md). */
  findSession: (idHash: string) => Promise<SessionOwner | undefined>;
  secondFactorPolicy: SecondFactorPolicy;
  secureCookies: boolean;
  recordRefusal: (refused: RefusedStaffCall) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; set by `requireStaff` on the routes it guards, null elsewhere. */
    staff: StaffMember | null;
    /** The session of `staff`; set with it. */
    staffSession: CurrentStaffSession | null;
  }
  interface FastifyInstance {
    staffSessions: StaffSessions;
  }
}

/** The session cookie's name: with the `__Host-` prefix when cookies are Secure (src/shared/cookies.ts). */
const sessionCookieName = (secureCookies: boolean) => (secureCookies ? cookies.session.httpsName : cookies.session.name);

/** A new session id for the cookie: 32 random bytes, base64url. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores of a session id. */
export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** `now() - interval 'n seconds'` (n is one of our constants, never input). */
export function secondsAgo(seconds: number) {
  return sql`now() - ${sql.raw(`interval '${Math.trunc(seconds)} seconds'`)}`;
}

/** The session of a cookie's id when it is valid (the staff module's lookup, which refreshes its `last_seen_at`). */
async function findSession(
  lookup: StaffSessions['findSession'],
  sessionId: string | undefined,
  clientAddress: string,
): Promise<{ staff: StaffMember; session: CurrentStaffSession } | undefined> {
  if (!sessionId || sessionId.length > 128) return undefined;
  const idHash = hashSessionId(sessionId);
  const row = await lookup(idHash);
  if (!row) return undefined;
  return {
    staff: { id: row.id, email: row.email, name: row.name, role: row.role, clientAddress },
    session: { idHash, secondFactorEnabled: row.secondFactorEnabled },
  };
}

/** Makes `requireStaff` work: call once in buildApp, before the routes. */
export function registerStaffSession(
  app: FastifyInstance,
  options: StaffSessions,
): void {
  app.decorate('staffSessions', { ...options });
  app.decorateRequest('staff', null);
  app.decorateRequest('staffSession', null);
}

/**
 * The hook of staff-only routes (onRequest or preHandler): sets `request.staff` and
 * `request.staffSession`, or answers 401 `unauthorized` (403 `secondFactorRequired`, see
 * above). Every answer of a guarded route carries `Cache-Control: no-store`.
 */
export async function requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  const found = await findSession(request.server.staffSessions.findSession, sessionCookieOf(request), request.ip);
  if (!found) throw new AppError('unauthorized');
  // A staff route without a contract entry cannot exist (registerCall adds this hook), so
  // the entry's role is always there; admin is the safe reading should it ever be missing.
  await admit(request, found, request.routeOptions.config.call?.role ?? 'admin');
}

/**
 * For a call that the buyer's session may make as well as staff's (a plan's seat changes,
 * src/server/modules/billing/seat-changes.routes.ts): the staff member of a valid staff
 * session, checked as `requireStaff` checks one for `needed` (403 below it); undefined
 * when the request carries no valid staff session, so that the buyer's check decides.
 */
export async function staffIfSignedIn(request: FastifyRequest, reply: FastifyReply, needed: StaffRole): Promise<StaffMember | undefined> {
  const found = await findSession(request.server.staffSessions.findSession, sessionCookieOf(request), request.ip);
  if (!found) return undefined;
  reply.header('cache-control', 'no-store');
  await admit(request, found, needed);
  return found.staff;
}

/** Sets the request's staff member and session, or refuses (second factor, role), with the refusal in the audit log. */
async function admit(request: FastifyRequest, found: { staff: StaffMember; session: CurrentStaffSession }, needed: StaffRole): Promise<void> {
  const { secondFactorPolicy, recordRefusal } = request.server.staffSessions;
  request.staff = found.staff;
  request.staffSession = found.session;
  const call = request.routeOptions.config.call;
  const refused = (what: RefusedStaffCall['needed']) =>
    recordRefusal({ staff: found.staff, method: request.method, address: request.url.split('?')[0] ?? '', needed: what });
  if (secondFactorPolicy === 'required' && !found.session.secondFactorEnabled && call?.staff !== 'withoutSecondFactor') {
    await refused('secondFactor');
    throw new AppError('secondFactorRequired');
  }
  if (!roleAllows(found.staff.role, needed)) {
    await refused(needed);
    throw new AppError('forbidden', 'error.staff.roleTooLow', { params: { role: { key: `staffRole.${found.staff.role}` }, needed: { key: `staffRole.${needed}` } } });
  }
}

/** The signed-in staff member of a route guarded by `requireStaff`. */
export function staffOf(request: FastifyRequest): StaffMember {
  if (!request.staff) throw new AppError('unauthorized');
  return request.staff;
}

/** The session of a route guarded by `requireStaff`. */
export function staffSessionOf(request: FastifyRequest): CurrentStaffSession {
  if (!request.staffSession) throw new AppError('unauthorized');
  return request.staffSession;
}

/** The session id of the request's cookie, valid or not. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request.server.staffSessions.secureCookies)];
}

/**
 * Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure when PUBLIC_URL is
 * https. It lives at most as long as the session may (the server also ends it after 8 idle hours).
 */
export function setSessionCookie(reply: FastifyReply, sessionId: string): void {
  reply.setCookie(sessionCookieName(reply.server.staffSessions.secureCookies), sessionId, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.staffSessions.secureCookies,
    maxAge: cookies.session.maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(reply.server.staffSessions.secureCookies), { path: cookiePath, httpOnly: true, sameSite: 'lax', secure: reply.server.staffSessions.secureCookies });
}

