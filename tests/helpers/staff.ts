import { randomBytes } from 'node:crypto';
import type { FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Secret, TOTP } from 'otpauth';
import { buildApp, type App } from '#server/app.ts';
import type { Env } from '#server/env.ts';
import { cookies } from '#shared/cookies.ts';
import { AppError } from '#shared/errors.ts';
import type { StaffRole } from '#shared/staff-roles.ts';
import { solveCaptcha } from './captcha.ts';
import type { TestApp } from './test-app.ts';
import { startXsrfSession } from './xsrf.ts';

/** A signed-in staff member, as a test needs it to call staff-only routes with `app.inject`. */
export interface StaffSignIn {
  account: { id: string; email: string; name: string; password: string };
  /** The value of the `session` cookie. */
  sessionId: string;
  /** Cookie header: the session and the anti-forgery cookies. */
  cookie: string;
  /** For `app.inject({ headers })`: the cookie header and `x-xsrf-token` (needed by POST, PUT, PATCH, DELETE). */
  headers: { cookie: string; 'x-xsrf-token': string };
  /** With `secondFactor: true`: the TOTP secret (base32) and the ten recovery codes. */
  secondFactor?: { secret: string; recoveryCodes: string[] };
}

export interface SignInOptions {
  /** Default: a new, unique address. An existing account is signed in with `password`. */
  email?: string;
  name?: string;
  /** Default: a generated one. */
  password?: string;
  /** The role of a new account; default editor, as for any new account. */
  role?: StaffRole;
  /** Also turn the second factor on (through the API), e.g. for STAFF_MFA=required. */
  secondFactor?: boolean;
  /** The client address of the requests (app.inject's remoteAddress); default 127.0.0.1. */
  remoteAddress?: string;
}

/** A TOTP code for a base32 secret, as an authenticator app shows it at `timestamp`. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

/**
 * Creates a staff account (through the staff accounts service) and signs in through
 * `POST /api/users/login` with a solved `signIn` captcha, like the back office does.
 *
 *   const staff = await signInAsStaff(t);
 *   await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: staff.headers });
 */
export async function signInAsStaff(testApp: TestApp, options: SignInOptions = {}): Promise<StaffSignIn> {
  const { app } = testApp;
  const email = options.email ?? `staff-${randomBytes(6).toString('hex')}@example.ch`;
  let password = options.password;
  try {
    const added = await app.staffAccounts.addStaff({ email, name: options.name ?? 'Test Staff', password, role: options.role });
    password = added.password;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'conflict' && password)) throw error;
  }
  const xsrf = await startXsrfSession(app);
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    app.inject({ method, url, headers, payload, ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}) });

  const login = await inject('POST', '/api/users/login', xsrf.headers, { email, password, captchaSolution: await solveCaptcha(app, 'signIn') });
  if (login.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${login.statusCode} ${login.body}`);
  // Over https the cookie carries the `__Host-` prefix (src/shared/cookies.ts).
  const sessionCookieName = app.staffSessions.secureCookies ? cookies.session.httpsName : cookies.session.name;
  const sessionCookie = login.cookies.find((c) => c.name === sessionCookieName);
  if (!sessionCookie) throw new Error('sign-in set no session cookie');
  const sessionId = sessionCookie.value;
  const answer = login.json<{ id?: string; name?: string; secondFactorRequired?: boolean }>();
  if (answer.secondFactorRequired) throw new Error(`${email} has a second factor: sign in with POST /api/users/login/second-factor in the test`);
  const withSession = (id: string) => {
    const cookie = `${xsrf.cookie}; ${sessionCookieName}=${id}`;
    return { cookie, headers: { cookie, 'x-xsrf-token': xsrf.token } };
  };

  let secondFactor: StaffSignIn['secondFactor'];
  if (options.secondFactor) {
    const enrolment = await inject('POST', '/api/users/me/second-factor/enrolment', withSession(sessionId).headers, { password });
    if (enrolment.statusCode !== 200) throw new Error(`enrolment failed: ${enrolment.statusCode} ${enrolment.body}`);
    const { secret } = enrolment.json<{ secret: string }>();
    const confirmed = await inject('POST', '/api/users/me/second-factor', withSession(sessionId).headers, { code: totpCode(secret) });
    if (confirmed.statusCode !== 200) throw new Error(`second factor confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
    // The session stays open; a new sign-in of this account would ask for a code.
    secondFactor = { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
  }

  return {
    account: { id: answer.id ?? '', email, name: answer.name ?? '', password: password ?? '' },
    sessionId,
    ...withSession(sessionId),
    ...(secondFactor ? { secondFactor } : {}),
  };
}

/**
 * Another app on the test app's database, with some environment changed (e.g.
 * `STAFF_MFA: 'required'`) and one more route plugin, as buildApp registers its modules
 * (a staff call in it gets the staff session check from its contract entry). Close it
 * after use (the database stays open).
 */
export async function buildAppWithRoutes<Options extends FastifyPluginOptions>(
  testApp: TestApp,
  env: Partial<Env>,
  plugin: FastifyPluginAsyncZod<Options>,
  options: Options,
): Promise<App> {
  const app = await buildApp({ env: { ...testApp.env, ...env }, database: testApp.database, logger: false });
  await app.register(plugin, options);
  await app.ready();
  return app;
}
