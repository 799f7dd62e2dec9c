import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookies } from '#shared/cookies.ts';
import { solveCaptcha } from '../../tests/helpers/captcha.ts';
import { signInAsStaff, type StaffSignIn } from '../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';

/**
 * What the `cookie` package does for us, written and read over a real socket: it writes
 * every Set-Cookie header (through @fastify/cookie) and reads every Cookie header. Its
 * version 2 declares Node 22 while we run Node 20; this file is the check that it works
 * here (docs/decisions/032-node-version.md).
 */
let testApp: TestApp;
let base = '';
let staff: StaffSignIn;

beforeAll(async () => {
  testApp = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  staff = await signInAsStaff(testApp);
});

afterAll(async () => {
  await testApp?.close();
});

describe('cookies over https', () => {
  it('are written with their attributes: the anti-forgery pair', async () => {
    const response = await fetch(`${base}/api/xsrf/token`);
    const [secret, token] = response.headers.getSetCookie();
    expect(secret).toMatch(new RegExp(`^${cookies.xsrfSecret.name}=[\\w-]+; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    expect(token).toMatch(new RegExp(`^${cookies.xsrfToken.name}=[\\w.%-]+; Path=/; Secure; SameSite=Lax$`));
  });

  it('are written with their attributes: the staff session as __Host-session with Max-Age, and its removal', async () => {
    const xsrf = await fetch(`${base}/api/xsrf/token`);
    const cookie = xsrf.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const { token } = (await xsrf.json()) as { token: string };
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ email: staff.account.email, password: staff.account.password, captchaSolution: await solveCaptcha(testApp.app, 'signIn') }),
    });
    expect(login.status).toBe(200);
    const [session = ''] = login.headers.getSetCookie().filter((line) => line.startsWith('__Host-session='));
    expect(session).toMatch(new RegExp(`^__Host-session=[\\w-]+; Max-Age=${cookies.session.maxAgeSeconds}; Path=/; HttpOnly; Secure; SameSite=Lax$`));

    const logout = await fetch(`${base}/api/users/logout`, {
      method: 'POST',
      headers: { cookie: `${cookie}; ${session.split(';')[0]}`, 'x-xsrf-token': token },
    });
    expect(logout.status).toBe(204);
    // Removed with the same name, path and flags, Max-Age=0 and an expiry in the past.
    expect(logout.headers.getSetCookie()).toContainEqual('__Host-session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax');
  });

  it('are read from one Cookie header among others, with spaces, quotes and broken pairs', async () => {
    const me = (cookie: string) => fetch(`${base}/api/users/me`, { headers: { cookie } });
    const session = `__Host-session=${staff.sessionId}`;
    expect((await me(session)).status).toBe(200);
    expect((await me(`theme="dark mode"; ${session};other=%E2%82%AC`)).status).toBe(200);
    expect((await me(`broken; =novalue;;  ${session}  ; last=1`)).status).toBe(200);
    // The first of two cookies of the same name counts, as browsers send the most specific first.
    expect((await me(`${session}; __Host-session=someone-else`)).status).toBe(200);
    expect((await me(`__Host-session=someone-else; ${session}`)).status).toBe(401);
    // Only the __Host- name counts over https.
    expect((await me(`session=${staff.sessionId}`)).status).toBe(401);
  });
});
