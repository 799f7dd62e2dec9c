import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { captchaRoutes } from './captcha.routes.ts';
import { verifySolution, type Puzzle } from './puzzle.ts';
import { encodeSolution, solvePuzzle } from './solve.ts';

const options = { secret: 'route-test-secret', maxNumber: 1000, expiresInSeconds: 600, siteKeys: ['newsletter', 'checkout'] };

async function buildApp() {
  const app = Fastify();
  await app.register(captchaRoutes(options), { prefix: '/captcha' });
  return app;
}

let app: Awaited<ReturnType<typeof buildApp>> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('GET /captcha/puzzle', () => {
  it('serves a puzzle for a known site key that solves and verifies', async () => {
    app = await buildApp();
    const response = await app.inject({
      method: 'GET',
      url: '/captcha/puzzle?sitekey=newsletter',
      headers: { 'x-captcha-client': 'cyber-captcha@1.0.0' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const puzzle = response.json<Puzzle>();
    expect(puzzle).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    const solution = encodeSolution(puzzle, solvePuzzle(puzzle).number);
    expect(verifySolution(options, solution, 'newsletter').ok).toBe(true);
    expect(verifySolution(options, solution, 'checkout')).toEqual({ ok: false, reason: 'wrongSiteKey' });
  });

  it.each([
    ['/captcha/puzzle', 'missing'],
    ['/captcha/puzzle?sitekey=unknown', 'unknown'],
    ['/captcha/puzzle?sitekey=newsletter&sitekey=checkout', 'repeated'],
  ])('answers 400 captcha.unknownSiteKey for %s (%s)', async (url) => {
    app = await buildApp();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      error: {
        code: 'captcha.unknownSiteKey',
        messagesByLanguage: { 'en-US': 'Unknown site key.', 'de-CH': 'Unbekannter Site-Key.' },
      },
    });
  });

  it('refuses unusable options at start', () => {
    expect(() => captchaRoutes({ ...options, secret: '' })).toThrow();
    expect(() => captchaRoutes({ ...options, maxNumber: 0 })).toThrow();
    expect(() => captchaRoutes({ ...options, expiresInSeconds: 30 })).toThrow();
  });
});
