import { createHash } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance as App, LightMyRequestResponse } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { staffRecoveryCodes, staffSessions, staffMembers, signInFailures } from '#server/db/schema.ts';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import type { Call } from '#shared/contract.ts';
import { AppError } from '#shared/errors.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { buildAppWithRoutes, signInAsStaff, totpCode, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';
import { argon2Options, verifyPassword } from './passwords.ts';
import { runStaffCommand } from './staff-cli.ts';
import { createStaffSecondFactorService } from './staff-second-factor.service.ts';
import { createStaffSignInService } from './staff-sign-in.service.ts';
import { createStaffThrottleService } from './staff-throttle.service.ts';

let t: TestApp;
let xsrf: XsrfSession;
beforeAll(async () => {
  t = await createTestApp();
  xsrf = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});

// ---- helpers ----------------------------------------------------------------------------

let counter = 0;
/** A new e-mail address and client address per test, so the throttle of one test does not reach another. */
const uniqueEmail = (label = 'staff') => `${label}-${++counter}-${Date.now()}@example.ch`;
const uniqueClient = () => `10.0.${Math.floor(++counter / 250)}.${counter % 250}`;
const goodPassword = 'Blue-Harbour-Lantern-42';

const accounts = () => t.app.staffAccounts;

/** The sign-in made as app.ts makes it, with a captcha and a password check of the test's own. */
function signInService(options: { captcha: Parameters<typeof createStaffSignInService>[0]['captcha']; verifyPassword?: typeof verifyPassword }) {
  const db = t.database.db;
  const throttle = createStaffThrottleService({ db, verifyPassword: options.verifyPassword });
  const secondFactor = createStaffSecondFactorService({ db, throttle, secretKey: t.env.SECRET_KEY });
  return createStaffSignInService({ db, captcha: options.captcha, throttle, secondFactor, secondFactorPolicy: 'optional', audit: t.app.audit });
}

async function addStaff(email = uniqueEmail(), password = goodPassword, name = 'Anna Muster') {
  await accounts().addStaff({ email, password, name });
  const [row] = await t.database.db.select().from(staffMembers).where(eq(staffMembers.email, email));
  if (!row) throw new Error('no account');
  return row;
}

async function login(
  body: { email: string; password: string; captchaSolution?: string },
  options: { remoteAddress?: string; app?: App } = {},
): Promise<LightMyRequestResponse> {
  const app = options.app ?? t.app;
  const session = app === t.app ? xsrf : await startXsrfSession(app);
  return app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: session.headers,
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    payload: { captchaSolution: body.captchaSolution ?? (await solveCaptcha(app, 'signIn')), email: body.email, password: body.password },
  });
}

const sessionCookieOf = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === 'session');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Headers of a browser holding this session cookie (and the anti-forgery cookies). */
const withSession = (sessionId: string) => ({ cookie: `${xsrf.cookie}; session=${sessionId}`, 'x-xsrf-token': xsrf.token });

function call(method: 'GET' | 'POST' | 'DELETE', url: string, sessionId: string | undefined, payload?: Record<string, unknown>, app: App = t.app) {
  return app.inject({ method, url, headers: sessionId ? withSession(sessionId) : xsrf.headers, ...(payload ? { payload } : {}) });
}

async function signIn(email: string, password = goodPassword): Promise<string> {
  const response = await login({ email, password });
  expect(response.statusCode).toBe(200);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('no session cookie');
  return cookie.value;
}

const setSession = (sessionId: string, values: Record<string, unknown>) =>
  t.database.db.update(staffSessions).set(values).where(eq(staffSessions.idHash, sha256(sessionId)));

const sessionRow = async (sessionId: string) =>
  (await t.database.db.select().from(staffSessions).where(eq(staffSessions.idHash, sha256(sessionId))))[0];

const failuresOf = async (email: string) =>
  (await t.database.db.select({ n: count() }).from(signInFailures).where(eq(signInFailures.email, email)))[0]?.n ?? 0;

const signInFailed = {
  error: {
    code: 'unauthorized',
    messagesByLanguage: {
      'en-US': 'The e-mail address or the password is not correct.',
      'de-CH': 'Die E-Mail-Adresse oder das Passwort ist nicht korrekt.',
    },
  },
};
const pleaseSignIn = {
  error: { code: 'unauthorized', messagesByLanguage: { 'en-US': 'Please sign in.', 'de-CH': 'Bitte melden Sie sich an.' } },
};
const throttled = {
  error: {
    code: 'tooManyRequests',
    messagesByLanguage: {
      'en-US': 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
      'de-CH': 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie einige Minuten und versuchen Sie es dann noch einmal.',
    },
  },
};

// ---- sign-in ------------------------------------------------------------------------------

describe('POST /api/users/login', () => {
  it('signs in: answers the staff member and sets an HttpOnly, SameSite=Lax session cookie (not Secure on http)', async () => {
    const user = await addStaff(uniqueEmail('anna'), goodPassword, 'Anna Muster');
    const response = await login({ email: ` ${user.email.toUpperCase()} `, password: goodPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, email: user.email, name: 'Anna Muster', role: 'editor' });
    expect(response.headers['cache-control']).toBe('no-store');
    const cookie = sessionCookieOf(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7 * 24 * 60 * 60 });
    expect(cookie?.secure).toBeFalsy();
    // 256 random bits; only their SHA-256 is stored.
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await sessionRow(cookie?.value ?? '');
    expect(row).toMatchObject({ staffMemberId: user.id, pendingSecondFactor: false, endedAt: null, clientAddress: '127.0.0.1' });
    const stored = await t.database.db.select({ idHash: staffSessions.idHash }).from(staffSessions);
    expect(stored.some((s) => s.idHash === cookie?.value)).toBe(false);
  });

  it('sets a Secure cookie named with the __Host- prefix when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://shop.example.ch' });
    try {
      const staff = await signInAsStaff(https);
      const me = await https.app.inject({ url: '/api/users/me', headers: staff.headers });
      expect(me.statusCode).toBe(200);
      const response = await login({ email: staff.account.email, password: staff.account.password }, { app: https.app });
      expect(response.cookies.find((c) => c.name === '__Host-session')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    } finally {
      await https.close();
    }
  });

  it('stores the password as an argon2id hash of at least 19 MiB and 2 passes', async () => {
    const user = await addStaff();
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, memory, passes] = /m=(\d+),t=(\d+)/.exec(user.passwordHash) ?? [];
    expect(Number(memory)).toBeGreaterThanOrEqual(19_456);
    expect(Number(passes)).toBeGreaterThanOrEqual(2);
    expect(argon2Options).toMatchObject({ memoryCost: Number(memory), timeCost: Number(passes) });
  });

  it('answers a wrong password and an unknown address with the same 401, in both languages, and sets no cookie', async () => {
    const user = await addStaff();
    const wrong = await login({ email: user.email, password: 'Not-The-Password-1' });
    const unknown = await login({ email: uniqueEmail('nobody'), password: goodPassword });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(signInFailed);
      expect(sessionCookieOf(response)).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers a disabled account with the same 401, also for the right password', async () => {
    const user = await addStaff();
    await accounts().disableStaff(user.email);
    const response = await login({ email: user.email, password: goodPassword });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(signInFailed);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('opens a new session, with a new id, at every sign-in', async () => {
    const user = await addStaff();
    const first = await signIn(user.email);
    const second = await signIn(user.email);
    expect(second).not.toBe(first);
    expect((await call('GET', '/api/users/me', first)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', second)).statusCode).toBe(200);
  });

  it('needs the anti-forgery header and a fresh captcha solution of the sign-in form', async () => {
    const user = await addStaff();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { cookie: xsrf.cookie },
      payload: { email: user.email, password: goodPassword, captchaSolution: await solveCaptcha(t.app, 'signIn') },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('xsrf');

    const otherForm = await login({ email: user.email, password: goodPassword, captchaSolution: await solveCaptcha(t.app, 'forms') });
    expect(otherForm.statusCode).toBe(400);
    expect(otherForm.json().errors[0]).toMatchObject({ field: 'captchaSolution', code: 'wrongSiteKey' });
    expect(sessionCookieOf(otherForm)).toBeUndefined();

    const solution = await solveCaptcha(t.app, 'signIn');
    expect((await login({ email: user.email, password: goodPassword, captchaSolution: solution })).statusCode).toBe(200);
    const replayed = await login({ email: user.email, password: goodPassword, captchaSolution: solution });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().errors[0]).toMatchObject({ field: 'captchaSolution', code: 'used' });
    // A wrong password with a refused solution says nothing about the password.
    const wrongAndReplayed = await login({ email: user.email, password: 'Not-The-Password-1', captchaSolution: solution });
    expect(wrongAndReplayed.json()).toEqual(replayed.json());
  });

  it('refuses a payload without e-mail or password with field errors', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: xsrf.headers,
      payload: { email: 'not-an-address', captchaSolution: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
  });
});

// ---- the session ----------------------------------------------------------------------------

describe('GET /api/users/me and the session', () => {
  it('answers 401 in the error shape, in both languages, without a session or with a made-up one', async () => {
    for (const headers of [xsrf.headers, withSession('made-up-session-id')]) {
      const response = await t.app.inject({ url: '/api/users/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(pleaseSignIn);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers the signed-in staff member, not cached', async () => {
    const user = await addStaff(uniqueEmail(), goodPassword, 'Beat Keller');
    const response = await call('GET', '/api/users/me', await signIn(user.email));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ id: user.id, email: user.email, name: 'Beat Keller', role: 'editor', secondFactorEnabled: false, secondFactorRequired: false });
  });

  it('ends after 8 hours without a request, and records use at most once a minute', async () => {
    const user = await addStaff();
    const sessionId = await signIn(user.email);

    await setSession(sessionId, { lastSeenAt: sql`now() - interval '30 seconds'` });
    const before = (await sessionRow(sessionId))?.lastSeenAt;
    expect((await call('GET', '/api/users/me', sessionId)).statusCode).toBe(200);
    expect((await sessionRow(sessionId))?.lastSeenAt).toEqual(before);

    await setSession(sessionId, { lastSeenAt: sql`now() - interval '7 hours 59 minutes'` });
    const stale = (await sessionRow(sessionId))?.lastSeenAt;
    expect((await call('GET', '/api/users/me', sessionId)).statusCode).toBe(200);
    expect((await sessionRow(sessionId))?.lastSeenAt.getTime()).toBeGreaterThan(stale?.getTime() ?? Infinity);

    await setSession(sessionId, { lastSeenAt: sql`now() - interval '8 hours 1 minute'` });
    expect((await call('GET', '/api/users/me', sessionId)).json()).toEqual(pleaseSignIn);
  });

  it('ends 7 days after sign-in, however often it is used', async () => {
    const user = await addStaff();
    const expired = await signIn(user.email);
    await setSession(expired, { createdAt: sql`now() - interval '7 days 1 minute'`, expiresAt: sql`now() - interval '1 minute'` });
    expect((await call('GET', '/api/users/me', expired)).statusCode).toBe(401);

    const old = await signIn(user.email);
    await setSession(old, { createdAt: sql`now() - interval '7 days 1 minute'` });
    expect((await call('GET', '/api/users/me', old)).statusCode).toBe(401);

    const young = await signIn(user.email);
    await setSession(young, { createdAt: sql`now() - interval '6 days 23 hours'` });
    expect((await call('GET', '/api/users/me', young)).statusCode).toBe(200);
  });

  it('ends when the account is disabled', async () => {
    const user = await addStaff();
    const sessionId = await signIn(user.email);
    await t.database.db.update(staffMembers).set({ disabledAt: sql`now()` }).where(eq(staffMembers.id, user.id));
    expect((await call('GET', '/api/users/me', sessionId)).statusCode).toBe(401);
  });
});

describe('POST /api/users/logout', () => {
  it('ends the session in the database and clears the cookie; the old cookie gets 401 afterwards', async () => {
    const user = await addStaff();
    const sessionId = await signIn(user.email);
    const response = await call('POST', '/api/users/logout', sessionId);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(sessionCookieOf(response)).toMatchObject({ value: '', path: '/', maxAge: 0 });
    expect((await sessionRow(sessionId))?.endedAt).toBeInstanceOf(Date);
    expect((await call('GET', '/api/users/me', sessionId)).json()).toEqual(pleaseSignIn);
  });

  it('answers 204 without a session too, and needs the anti-forgery header', async () => {
    expect((await call('POST', '/api/users/logout', undefined)).statusCode).toBe(204);
    const forged = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: xsrf.cookie } });
    expect(forged.statusCode).toBe(403);
  });
});

// ---- throttling ---------------------------------------------------------------------------

/** Text where a solved puzzle belongs: what anyone can send without solving anything. */
const madeUpCaptcha = (i = 0) => `made-up-captcha-${i}`;

describe('throttling of failed sign-ins', () => {
  it('after 5 failures for one address from one client in 15 minutes answers 429 with Retry-After to that client only', async () => {
    const user = await addStaff();
    const guesser = uniqueClient();
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: user.email, password: `Wrong-password-${i}` }, { remoteAddress: guesser })).statusCode).toBe(401);
    }
    const refused = await login({ email: user.email, password: goodPassword }, { remoteAddress: guesser });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(throttled);
    expect(sessionCookieOf(refused)).toBeUndefined();
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Refused attempts are not failures: no refusal that the guesser could prolong.
    expect(await failuresOf(user.email)).toBe(5);

    // The owner, from their own address, and the guesser's client for another account are not refused.
    expect((await login({ email: user.email, password: goodPassword }, { remoteAddress: uniqueClient() })).statusCode).toBe(200);
    const other = await addStaff();
    expect((await login({ email: other.email, password: goodPassword }, { remoteAddress: guesser })).statusCode).toBe(200);

    // Retry-After counts until the oldest failure leaves the window.
    const [oldest] = await t.database.db.select().from(signInFailures).where(eq(signInFailures.email, user.email)).orderBy(signInFailures.at).limit(1);
    await t.database.db.update(signInFailures).set({ at: sql`now() - interval '10 minutes'` }).where(eq(signInFailures.id, oldest?.id ?? ''));
    const later = await login({ email: user.email, password: goodPassword }, { remoteAddress: guesser });
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBeGreaterThan(290);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(300);

    // Once it has left the window, the right password works from there too; old rows are pruned.
    await t.database.db.update(signInFailures).set({ at: sql`now() - interval '16 minutes'` }).where(eq(signInFailures.id, oldest?.id ?? ''));
    expect((await login({ email: user.email, password: goodPassword }, { remoteAddress: guesser })).statusCode).toBe(200);
    expect(await failuresOf(user.email)).toBe(4);
  });

  it('after 50 failures from one client address in 15 minutes answers 429 to that client only', async () => {
    const client = uniqueClient();
    const user = await addStaff();
    for (let i = 0; i < 50; i++) {
      const response = await login({ email: uniqueEmail(`guess${i % 12}`), password: 'Wrong-password-1' }, { remoteAddress: client });
      expect(response.statusCode).toBe(401);
    }
    const refused = await login({ email: user.email, password: goodPassword }, { remoteAddress: client });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(throttled);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login({ email: user.email, password: goodPassword }, { remoteAddress: uniqueClient() })).statusCode).toBe(200);
  });

  it('checks the captcha before the password: a refused solution answers 400, whatever the password, and leaves no failure', async () => {
    const user = await addStaff();
    const client = uniqueClient();
    const wrong = await login({ email: user.email, password: 'Not-The-Password-1', captchaSolution: madeUpCaptcha() }, { remoteAddress: client });
    const right = await login({ email: user.email, password: goodPassword, captchaSolution: madeUpCaptcha() }, { remoteAddress: client });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ field: 'captchaSolution' });
    expect(right.json()).toEqual(wrong.json());
    expect(sessionCookieOf(right)).toBeUndefined();
    expect(await failuresOf(user.email)).toBe(0);
  });

  it('does not count attempts with made-up captcha text, from one client or many: the owner then signs in', async () => {
    const user = await addStaff();
    const owner = uniqueClient();
    const flooder = uniqueClient();
    const attempts = [
      ...Array.from({ length: 55 }, () => flooder),
      ...[owner, uniqueClient(), uniqueClient(), uniqueClient()].flatMap((client) => Array.from({ length: 6 }, () => client)),
    ];
    for (const [i, client] of attempts.entries()) {
      const response = await login({ email: user.email, password: `Wrong-password-${i}`, captchaSolution: madeUpCaptcha(i) }, { remoteAddress: client });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe('captchaSolution');
    }
    expect(await failuresOf(user.email)).toBe(0);
    const response = await login({ email: user.email, password: goodPassword }, { remoteAddress: owner });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: user.email });
    expect((await login({ email: user.email, password: goodPassword }, { remoteAddress: flooder })).statusCode).toBe(200);
  });

  it('checks at most 5 passwords of one address from one client when failed sign-ins arrive in parallel', async () => {
    const user = await addStaff();
    const client = uniqueClient();
    const solutions = await Promise.all(Array.from({ length: 12 }, () => solveCaptcha(t.app, 'signIn')));
    const responses = await Promise.all(
      solutions.map((captchaSolution, i) => login({ email: user.email, password: `Wrong-password-${i}`, captchaSolution }, { remoteAddress: client })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(await failuresOf(user.email)).toBe(5);
  });

  it('does not mix up parallel attempts of different addresses from one client', async () => {
    const client = uniqueClient();
    const accounts = await Promise.all(Array.from({ length: 4 }, () => addStaff()));
    const responses = await Promise.all(
      accounts.flatMap((user) => [login({ email: user.email, password: goodPassword }, { remoteAddress: client }), login({ email: user.email, password: 'Wrong-password-1' }, { remoteAddress: client })]),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 200, 401, 200, 401, 200, 401]);
    for (const user of accounts) expect(await failuresOf(user.email)).toBe(1);
  });
});

describe('the order of checks at sign-in', () => {
  it('verifies no password for an attempt whose captcha solution is refused', async () => {
    const steps: string[] = [];
    let solved = false;
    const service = signInService({
      captcha: {
        verify: async () => {
          steps.push('captcha');
          if (!solved) throw AppError.field('captchaSolution', 'invalid', 'error.captcha.invalid');
        },
      },
      verifyPassword: async (passwordHash, password) => {
        steps.push('password');
        return verifyPassword(passwordHash, password);
      },
    });
    const context = { clientAddress: uniqueClient(), userAgent: 'test', log: { info: () => {} } };
    const user = await addStaff();
    await expect(service.login({ email: user.email, password: goodPassword, captchaSolution: 'x' }, context)).rejects.toMatchObject({ code: 'validation' });
    expect(steps).toEqual(['captcha']);
    solved = true;
    await expect(service.login({ email: user.email, password: goodPassword, captchaSolution: 'x' }, context)).resolves.toMatchObject({ answer: { email: user.email } });
    expect(steps).toEqual(['captcha', 'captcha', 'password']);
  });
});

/**
 * An app of its own whose delays are milliseconds (the real ones are a unit test's, in
 * sign-in-throttle.test.ts), with its log captured.
 */
describe('failed sign-ins from many clients, and the sign-in log', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    logged = await createTestApp({ LOG_LEVEL: 'info' }, { logger: { stream: { write: (line) => void lines.push(line) } }, signInDelay: { firstMs: 2, maxMs: 16 } });
  });
  afterAll(async () => {
    await logged.close();
  });
  const signInLines = (email: string) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.email === email && String(line.msg).startsWith('staff '));
  async function addLoggedStaff(): Promise<string> {
    const email = uniqueEmail('owner');
    await logged.app.staffAccounts.addStaff({ email, password: goodPassword, name: 'Olga Owner' });
    return email;
  }

  it('never refuse the right password from the owner: each failure only adds a delay, which grows and stops at its cap', async () => {
    const email = await addLoggedStaff();
    for (let i = 0; i < 12; i++) {
      const response = await login({ email, password: `Wrong-password-${i}` }, { app: logged.app, remoteAddress: uniqueClient() });
      expect(response.statusCode).toBe(401);
    }
    const owner = await login({ email, password: goodPassword }, { app: logged.app, remoteAddress: uniqueClient() });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ email });
    // The delay each attempt waited before its password was checked.
    expect(signInLines(email).map((line) => [line.msg, line.delayMs ?? 0])).toEqual([
      ...[0, 0, 0, 0, 0, 2, 4, 8, 16, 16, 16, 16].map((delayMs) => ['staff sign-in failed', delayMs]),
      ['staff signed in', 16],
    ]);
  });

  it('names the client address in every sign-in line: signed in, failed, refused', async () => {
    const email = await addLoggedStaff();
    const client = uniqueClient();
    expect((await login({ email, password: goodPassword }, { app: logged.app, remoteAddress: client })).statusCode).toBe(200);
    expect((await login({ email, password: goodPassword, captchaSolution: madeUpCaptcha() }, { app: logged.app, remoteAddress: client })).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) await login({ email, password: `Wrong-password-${i}` }, { app: logged.app, remoteAddress: client });
    expect((await login({ email, password: goodPassword }, { app: logged.app, remoteAddress: client })).statusCode).toBe(429);
    expect(signInLines(email).map((line) => [line.msg, line.reason ?? null, line.clientAddress])).toEqual([
      ['staff signed in', null, client],
      ['staff sign-in failed', 'captcha', client],
      ...Array.from({ length: 5 }, () => ['staff sign-in failed', 'wrong', client]),
      ['staff sign-in refused', 'throttled', client],
    ]);
    expect(lines.join('')).not.toContain(goodPassword);
  });
});

// ---- second factor ------------------------------------------------------------------------

describe('second factor', () => {
  async function enrol(sessionId: string, password = goodPassword) {
    const enrolment = await call('POST', '/api/users/me/second-factor/enrolment', sessionId, { password });
    expect(enrolment.statusCode).toBe(200);
    const { secret } = enrolment.json<{ secret: string }>();
    const confirmed = await call('POST', '/api/users/me/second-factor', sessionId, { code: totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
  }

  /** Signs in with the password: the session that waits for the code. */
  async function pendingSession(email: string): Promise<string> {
    const response = await login({ email, password: goodPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ secondFactorRequired: true });
    return sessionCookieOf(response)?.value ?? '';
  }

  it('enrols with the password: an otpauth URI, a QR code as SVG, the secret stored encrypted', async () => {
    const user = await addStaff();
    const sessionId = await signIn(user.email);

    const wrong = await call('POST', '/api/users/me/second-factor/enrolment', sessionId, { password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      errors: [
        {
          field: 'password',
          code: 'wrongPassword',
          messagesByLanguage: { 'en-US': 'The password is not correct.', 'de-CH': 'Das Passwort ist nicht korrekt.' },
        },
      ],
    });

    const response = await call('POST', '/api/users/me/second-factor/enrolment', sessionId, { password: goodPassword });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { otpauthUri, qrCodeSvg, secret } = response.json<{ otpauthUri: string; qrCodeSvg: string; secret: string }>();
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, algorithm: 'SHA1', digits: '6', period: '30', issuer: 'CyberSafe Academy' });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qrCodeSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const [stored] = await t.database.db.select().from(staffMembers).where(eq(staffMembers.id, user.id));
    expect(stored?.totpSecret).toBeTruthy();
    expect(stored?.totpSecret).not.toContain(secret);
    expect(stored?.totpEnabledAt).toBeNull();
    // Not on until a code confirms it.
    expect((await call('GET', '/api/users/me', sessionId)).json().secondFactorEnabled).toBe(false);
  });

  it('turns on with the first code and answers ten one-time recovery codes, stored hashed', async () => {
    const user = await addStaff();
    const sessionId = await signIn(user.email);
    expect((await call('POST', '/api/users/me/second-factor', sessionId, { code: '123456' })).json().error.code).toBe('conflict');

    const enrolment = await call('POST', '/api/users/me/second-factor/enrolment', sessionId, { password: goodPassword });
    const { secret } = enrolment.json<{ secret: string }>();
    const wrong = await call('POST', '/api/users/me/second-factor', sessionId, { code: totpCode(secret, Date.now() - 5 * 60_000) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ field: 'code', code: 'wrongCode' });
    expect(Object.keys(wrong.json().errors[0].messagesByLanguage).sort()).toEqual(['de-CH', 'en-US']);

    const confirmed = await call('POST', '/api/users/me/second-factor', sessionId, { code: totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    const stored = await t.database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffMemberId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recoveryCodes.some((code) => row.codeHash.includes(code.replace(/-/g, '')))).toBe(false);

    expect((await call('GET', '/api/users/me', sessionId)).json()).toMatchObject({ secondFactorEnabled: true });
    // The session it was turned on in stays open.
    expect((await call('POST', '/api/users/me/second-factor/enrolment', sessionId, { password: goodPassword })).json().error.code).toBe('conflict');
  });

  it('signs in with a TOTP code: the password opens nothing, the code opens a new session; a code works once', async () => {
    const user = await addStaff();
    const { secret } = await enrol(await signIn(user.email));

    const pending = await pendingSession(user.email);
    expect((await call('GET', '/api/users/me', pending)).statusCode).toBe(401);
    expect((await call('GET', '/api/users/me/sessions', pending)).statusCode).toBe(401);
    expect((await sessionRow(pending))?.pendingSecondFactor).toBe(true);

    // The code of the enrolment was used already; the next step's code is accepted.
    const next = totpCode(secret, Date.now() + 30_000);
    const response = await call('POST', '/api/users/login/second-factor', pending, { code: next });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, email: user.email, name: user.name, role: 'editor' });
    const full = sessionCookieOf(response);
    expect(full).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(full?.value).not.toBe(pending);
    expect((await call('GET', '/api/users/me', full?.value)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', pending)).statusCode).toBe(401);
    expect((await sessionRow(pending))?.endedAt).toBeInstanceOf(Date);

    // The same code again, within its window: refused.
    const again = await pendingSession(user.email);
    const replay = await call('POST', '/api/users/login/second-factor', again, { code: next });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors[0]).toMatchObject({ field: 'code', code: 'wrongCode' });
    expect(sessionCookieOf(replay)).toBeUndefined();
  });

  it('accepts each recovery code once, however it is typed', async () => {
    const user = await addStaff();
    const { recoveryCodes } = await enrol(await signIn(user.email));
    const [first = '', second = ''] = recoveryCodes;

    const response = await call('POST', '/api/users/login/second-factor', await pendingSession(user.email), { code: first });
    expect(response.statusCode).toBe(200);
    expect(sessionCookieOf(response)).toBeDefined();

    const reused = await call('POST', '/api/users/login/second-factor', await pendingSession(user.email), { code: first });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors[0].messagesByLanguage).toEqual({
      'en-US': 'This code is not valid. Please enter the current code of your authenticator app or an unused recovery code.',
      'de-CH': 'Dieser Code ist nicht gültig. Bitte geben Sie den aktuellen Code Ihrer Authenticator-App oder einen unbenutzten Wiederherstellungscode ein.',
    });

    const typed = ` ${second.toUpperCase().replace(/-/g, ' ')} `;
    expect((await call('POST', '/api/users/login/second-factor', await pendingSession(user.email), { code: typed })).statusCode).toBe(200);
    const used = await t.database.db
      .select({ n: count() })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staffMemberId, user.id), sql`${staffRecoveryCodes.usedAt} is not null`));
    expect(used[0]?.n).toBe(2);
  });

  it('counts wrong codes toward the throttle of the address from that client', async () => {
    const user = await addStaff();
    await enrol(await signIn(user.email));
    const pending = await pendingSession(user.email);
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/api/users/login/second-factor', pending, { code: `00000${i}` })).statusCode).toBe(400);
    }
    const refused = await call('POST', '/api/users/login/second-factor', pending, { code: '999999' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await login({ email: user.email, password: goodPassword })).statusCode).toBe(429);
    expect((await login({ email: user.email, password: goodPassword }, { remoteAddress: uniqueClient() })).json()).toEqual({ secondFactorRequired: true });
  });

  it('turning it on ends the account\'s other sessions, not the one it was turned on in', async () => {
    const user = await addStaff();
    const other = await signIn(user.email);
    const current = await signIn(user.email);
    const someoneElse = await signIn((await addStaff()).email);
    await enrol(current);
    expect((await call('GET', '/api/users/me', other)).json()).toEqual(pleaseSignIn);
    expect((await call('GET', '/api/users/me', current)).json()).toMatchObject({ id: user.id, secondFactorEnabled: true });
    expect((await call('GET', '/api/users/me', someoneElse)).statusCode).toBe(200);
  });

  it('answers 401 to a code without a waiting session', async () => {
    expect((await call('POST', '/api/users/login/second-factor', undefined, { code: '123456' })).json()).toEqual(pleaseSignIn);
    const user = await addStaff();
    const full = await signIn(user.email);
    expect((await call('POST', '/api/users/login/second-factor', full, { code: '123456' })).statusCode).toBe(401);
  });

  it('turns off with the password; then the password alone signs in', async () => {
    const user = await addStaff();
    const sessionId = await signIn(user.email);
    await enrol(sessionId);
    const wrong = await call('DELETE', '/api/users/me/second-factor', sessionId, { password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('password');

    const off = await call('DELETE', '/api/users/me/second-factor', sessionId, { password: goodPassword });
    expect(off.statusCode).toBe(204);
    expect(await t.database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffMemberId, user.id))).toEqual([]);
    const response = await login({ email: user.email, password: goodPassword });
    expect(response.json()).toEqual({ id: user.id, email: user.email, name: user.name, role: 'editor' });
    expect((await call('DELETE', '/api/users/me/second-factor', sessionId, { password: goodPassword })).statusCode).toBe(409);
  });
});

// ---- staff-only routes and STAFF_MFA -------------------------------------------------------------

describe('staff calls of the contract (staff: true) and STAFF_MFA=required', () => {
  const staffOnly = {
    method: 'GET',
    path: '/test/staff-only',
    answer: z.object({ label: z.string(), email: z.string() }),
    summary: 'A staff call of the test',
    staff: true,
    role: 'viewer',
  } as const satisfies Call;
  const probeRoutes: FastifyPluginAsyncZod<{ label: string }> = async (app, options) => {
    registerCall(app, staffOnly, async (request) => ({ label: options.label, email: staffOf(request).email }));
  };
  let optional: App;
  let required: App;
  beforeAll(async () => {
    optional = await buildAppWithRoutes(t, { STAFF_MFA: 'optional' }, probeRoutes, { label: 'optional' });
    required = await buildAppWithRoutes(t, { STAFF_MFA: 'required' }, probeRoutes, { label: 'required' });
  });
  afterAll(async () => {
    await optional.close();
    await required.close();
  });

  it('guards every route of the plugin: 401 without a session, the staff member with one, never cached', async () => {
    const anonymous = await optional.inject({ url: '/api/test/staff-only' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(pleaseSignIn);
    expect(anonymous.headers['cache-control']).toBe('no-store');

    const staff = await signInAsStaff({ ...t, app: optional });
    const response = await optional.inject({ url: '/api/test/staff-only', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ label: 'optional', email: staff.account.email });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('lets staff without a second factor sign in, opens only /api/users/me… to them until they enrol', async () => {
    const staff: StaffSignIn = await signInAsStaff({ ...t, app: required });
    const refused = await required.inject({ url: '/api/test/staff-only', headers: staff.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'secondFactorRequired',
        messagesByLanguage: {
          'en-US': 'Please set up the second factor (an authenticator app) before you continue.',
          'de-CH': 'Bitte richten Sie zuerst den zweiten Faktor (eine Authenticator-App) ein.',
        },
      },
    });
    const me = await required.inject({ url: '/api/users/me', headers: staff.headers });
    expect(me.json()).toMatchObject({ secondFactorEnabled: false, secondFactorRequired: true });
    expect((await required.inject({ url: '/api/users/me/sessions', headers: staff.headers })).statusCode).toBe(200);

    const enrolment = await required.inject({
      method: 'POST',
      url: '/api/users/me/second-factor/enrolment',
      headers: staff.headers,
      payload: { password: staff.account.password },
    });
    const { secret } = enrolment.json<{ secret: string }>();
    const confirmed = await required.inject({ method: 'POST', url: '/api/users/me/second-factor', headers: staff.headers, payload: { code: totpCode(secret) } });
    expect(confirmed.statusCode).toBe(200);

    expect((await required.inject({ url: '/api/test/staff-only', headers: staff.headers })).statusCode).toBe(200);
    expect((await required.inject({ url: '/api/users/me', headers: staff.headers })).json()).toMatchObject({
      secondFactorEnabled: true,
      secondFactorRequired: true,
    });
  });

  it('gives the test helper a fully signed-in session with `secondFactor: true`', async () => {
    const staff = await signInAsStaff({ ...t, app: required }, { secondFactor: true });
    expect(staff.secondFactor?.recoveryCodes).toHaveLength(10);
    expect((await required.inject({ url: '/api/test/staff-only', headers: staff.headers })).statusCode).toBe(200);
  });
});

// ---- password -----------------------------------------------------------------------------------

describe('POST /api/users/me/password', () => {
  const change = (sessionId: string, payload: Record<string, unknown>) => call('POST', '/api/users/me/password', sessionId, payload);

  it.each([
    [
      'too short',
      'Short-pw-1',
      { code: 'tooShort', messagesByLanguage: { 'en-US': 'Please enter at least 12 characters.', 'de-CH': 'Bitte geben Sie mindestens 12 Zeichen ein.' } },
    ],
    [
      'too long',
      'x'.repeat(129),
      { code: 'tooLong', messagesByLanguage: { 'en-US': 'Please enter at most 128 characters.', 'de-CH': 'Bitte geben Sie höchstens 128 Zeichen ein.' } },
    ],
    [
      'a common password (any case)',
      'QwErTy123456',
      {
        code: 'invalid',
        messagesByLanguage: {
          'en-US': 'This password is too common. Please choose another one.',
          'de-CH': 'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
        },
      },
    ],
  ])('refuses a new password that is %s, with one field error in both languages', async (_name, newPassword, error) => {
    const user = await addStaff();
    const sessionId = await signIn(user.email);
    const response = await change(sessionId, { currentPassword: goodPassword, newPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field: 'newPassword', ...error }] });
    expect((await login({ email: user.email, password: goodPassword })).statusCode).toBe(200);
  });

  it('asks for the current password', async () => {
    const user = await addStaff();
    const response = await change(await signIn(user.email), { currentPassword: 'Not-The-Password-1', newPassword: 'Another-Good-Passphrase-7' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject([{ field: 'currentPassword', code: 'wrongPassword' }]);
  });

  it('changes it and ends the other sessions, not this one', async () => {
    const user = await addStaff();
    const other = await signIn(user.email);
    const current = await signIn(user.email);
    const response = await change(current, { currentPassword: goodPassword, newPassword: 'Another-Good-Passphrase-7' });
    expect(response.statusCode).toBe(204);
    expect((await call('GET', '/api/users/me', current)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', other)).statusCode).toBe(401);
    expect((await login({ email: user.email, password: goodPassword })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: 'Another-Good-Passphrase-7' })).statusCode).toBe(200);
  });
});

// ---- sessions -----------------------------------------------------------------------------------

describe('the own sessions', () => {
  it('lists the open sessions with an opaque id, marks the current one, and ends another', async () => {
    const user = await addStaff();
    const other = await signIn(user.email);
    await setSession(other, { userAgent: 'Firefox on the office PC' });
    const current = await signIn(user.email);
    const ended = await signIn(user.email);
    await call('POST', '/api/users/logout', ended);

    const response = await call('GET', '/api/users/me/sessions', current);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const sessions = response.json<{ id: string; current: boolean; userAgent: string | null; clientAddress: string; createdAt: string; lastSeenAt: string }[]>();
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{16}$/);
      expect([sha256(other), sha256(current)]).not.toContain(session.id);
      expect(session.clientAddress).toBe('127.0.0.1');
      expect(Number.isNaN(Date.parse(session.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(session.lastSeenAt))).toBe(false);
    }
    const currentEntry = sessions.find((s) => s.current);
    const otherEntry = sessions.find((s) => !s.current);
    expect(currentEntry?.id).toBe(sha256(current).slice(0, 16));
    expect(otherEntry?.userAgent).toBe('Firefox on the office PC');

    const end = await call('DELETE', `/api/users/me/sessions/${otherEntry?.id}`, current);
    expect(end.statusCode).toBe(204);
    expect((await call('GET', '/api/users/me', other)).statusCode).toBe(401);
    expect((await call('GET', '/api/users/me/sessions', current)).json()).toHaveLength(1);
    expect((await call('DELETE', `/api/users/me/sessions/${otherEntry?.id}`, current)).statusCode).toBe(404);
  });

  it("cannot end another staff member's session", async () => {
    const anna = await addStaff();
    const beat = await addStaff();
    const annaSession = await signIn(anna.email);
    const beatSession = await signIn(beat.email);
    const response = await call('DELETE', `/api/users/me/sessions/${sha256(beatSession).slice(0, 16)}`, annaSession);
    expect(response.statusCode).toBe(404);
    expect((await call('GET', '/api/users/me', beatSession)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/users/me/sessions/not-an-id', annaSession)).statusCode).toBe(400);
  });
});

// ---- logging ------------------------------------------------------------------------------------

describe('the sign-in log', () => {
  it('names the e-mail address and the reason, never the password or a code', async () => {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const context = { clientAddress: uniqueClient(), userAgent: 'test', log: { info: (fields: object, message?: string) => lines.push({ fields: fields as Record<string, unknown>, message: message ?? '' }) } };
    const service = signInService({ captcha: { verify: async () => {} } });
    const user = await addStaff();
    const disabled = await addStaff();
    await accounts().disableStaff(disabled.email);
    const secret = 'Not-The-Password-1';
    const attempt = (email: string, password: string) => service.login({ email, password, captchaSolution: 'x' }, context).catch(() => undefined);

    await attempt('nobody@example.ch', secret);
    await attempt(user.email, secret);
    await attempt(disabled.email, goodPassword);
    const opened = await service.login({ email: user.email, password: goodPassword, captchaSolution: 'x' }, context);
    await service.logout(opened.sessionId, context);
    for (let i = 0; i < 4; i++) await attempt(user.email, secret);
    await attempt(user.email, secret);

    expect(lines.map((line) => [line.fields.email, line.fields.reason ?? null, line.message])).toEqual([
      ['nobody@example.ch', 'unknown', 'staff sign-in failed'],
      [user.email, 'wrong', 'staff sign-in failed'],
      [disabled.email, 'disabled', 'staff sign-in failed'],
      [user.email, null, 'staff signed in'],
      [user.email, null, 'staff signed out'],
      [user.email, 'wrong', 'staff sign-in failed'],
      [user.email, 'wrong', 'staff sign-in failed'],
      [user.email, 'wrong', 'staff sign-in failed'],
      [user.email, 'wrong', 'staff sign-in failed'],
      [user.email, 'throttled', 'staff sign-in refused'],
    ]);
    for (const line of lines) expect(line.fields.clientAddress).toBe(context.clientAddress);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(goodPassword);
    expect(logged).not.toContain(opened.sessionId);
  });
});

// ---- accounts at start and the CLI -----------------------------------------------------------------

describe('staff accounts at start', () => {
  it('creates the demo account with a generated password on an empty database, once; the ADMIN_EMAIL account when absent', async () => {
    const fresh = await createTestApp();
    try {
      const service = fresh.app.staffAccounts;
      const demo = await service.ensureStartAccounts({});
      expect(demo).toMatchObject({ created: 'demo', email: 'staff@cybersafe-academy.example' });
      const password = 'password' in demo ? demo.password : '';
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(await service.ensureStartAccounts({})).toEqual({ created: null });
      const [row] = await fresh.database.db.select().from(staffMembers).where(eq(staffMembers.email, 'staff@cybersafe-academy.example'));
      expect(row?.name).toBe('Demo Staff');
      const staff = await signInAsStaff(fresh, { email: 'staff@cybersafe-academy.example', password });
      expect(staff.account.name).toBe('Demo Staff');

      const admin = { email: 'Admin@Example.CH', password: 'correct horse battery staple' };
      expect(await service.ensureStartAccounts(admin)).toEqual({ created: 'admin', email: 'admin@example.ch' });
      expect(await service.ensureStartAccounts({ ...admin, password: 'another password entirely' })).toEqual({ created: null });
      const [stored] = await fresh.database.db.select().from(staffMembers).where(eq(staffMembers.email, 'admin@example.ch'));
      expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    } finally {
      await fresh.close();
    }
  });
});

describe('the staff CLI (npm run staff)', () => {
  async function run(args: string[], staffPassword?: string) {
    const lines: string[] = [];
    const code = await runStaffCommand(args, { accounts: accounts(), staffPassword, print: (line) => lines.push(line) });
    return { code, output: lines.join('\n') };
  }
  const printedPassword = (output: string) => /shown only now; pass it on securely\): (\S+)/.exec(output)?.[1] ?? '';

  it('adds an account with a name and prints a generated password that signs in', async () => {
    const email = uniqueEmail('cli');
    const { code, output } = await run(['add', email, '--name', 'Claudia Lüthi']);
    expect(code).toBe(0);
    expect(output).toContain(`Staff account added: ${email}`);
    const password = printedPassword(output);
    expect(password.length).toBeGreaterThanOrEqual(16);
    const response = await login({ email, password });
    expect(response.json()).toMatchObject({ email, name: 'Claudia Lüthi' });

    expect(await run(['add', email])).toMatchObject({ code: 1, output: 'Refused: A staff account with this e-mail address exists already.' });
  });

  it('takes the password of STAFF_PASSWORD without printing it, and applies the password rule to it', async () => {
    const email = uniqueEmail('cli');
    const given = await run(['add', email], 'Given-By-The-Operator-9');
    expect(given.code).toBe(0);
    expect(given.output).not.toContain('Given-By-The-Operator-9');
    expect((await login({ email, password: 'Given-By-The-Operator-9' })).statusCode).toBe(200);

    expect(await run(['add', uniqueEmail('cli')], 'qwerty123456')).toEqual({
      code: 1,
      output: 'Refused: password: This password is too common. Please choose another one.',
    });
    expect((await run(['add', uniqueEmail('cli')], 'short')).output).toBe('Refused: password: Please enter at least 12 characters.');
  });

  it('resets a password: prints a new one and ends the sessions', async () => {
    const user = await addStaff();
    const sessionId = await signIn(user.email);
    const { code, output } = await run(['reset-password', user.email]);
    expect(code).toBe(0);
    expect((await call('GET', '/api/users/me', sessionId)).statusCode).toBe(401);
    expect((await login({ email: user.email, password: goodPassword })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: printedPassword(output) })).statusCode).toBe(200);
  });

  it('disables an account: its sessions end and it can no longer sign in', async () => {
    const user = await addStaff();
    const sessionId = await signIn(user.email);
    expect((await run(['disable', user.email.toUpperCase()])).code).toBe(0);
    expect((await call('GET', '/api/users/me', sessionId)).statusCode).toBe(401);
    expect((await login({ email: user.email, password: goodPassword })).json()).toEqual(signInFailed);
  });

  it('turns a lost second factor off', async () => {
    const staff = await signInAsStaff(t, { secondFactor: true });
    expect((await run(['turn-off-second-factor', staff.account.email])).code).toBe(0);
    expect((await login({ email: staff.account.email, password: staff.account.password })).json()).toMatchObject({ email: staff.account.email });
  });

  it('explains its usage and refuses unknown accounts', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['add'])).output).toContain('Usage: npm run staff');
    expect((await run(['add', 'x@example.ch', '--name'])).code).toBe(2);
    expect((await run(['remove', 'x@example.ch'])).code).toBe(2);
    expect(await run(['disable', 'nobody-at-all@example.ch'])).toEqual({ code: 1, output: 'Refused: There is no staff account with this e-mail address.' });
    expect((await run(['add', 'not-an-address'])).output).toBe('Refused: email: Please enter a valid e-mail address.');
  });
});
