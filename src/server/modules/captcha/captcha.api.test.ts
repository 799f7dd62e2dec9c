import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPuzzle } from '#captcha/puzzle.ts';
import { encodeSolution, solvePuzzle } from '#captcha/solve.ts';
import { captchaReplays } from '#server/db/schema.ts';
import { AppError } from '#shared/errors.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function refusal(solution: unknown, family: 'forms' | 'contact' = 'forms') {
  try {
    await t.app.captcha.verify(solution, family);
  } catch (error) {
    if (error instanceof AppError) return error.fieldErrors[0];
    throw error;
  }
  return undefined;
}

describe('server-side captcha check', () => {
  it('accepts a solution once', async () => {
    const solution = await solveCaptcha(t.app, 'forms');
    expect(await refusal(solution)).toBeUndefined();
    expect(await refusal(solution)).toMatchObject({ field: 'captchaSolution', code: 'used', message: 'error.captcha.used' });
  });

  it('forgets the solutions whose puzzle expired when it records a new one', async () => {
    const db = t.database.db;
    await db.insert(captchaReplays).values([
      { key: 'expired-puzzle', expiresAt: new Date(Date.now() - 60_000) },
      { key: 'live-puzzle', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    expect(await refusal(await solveCaptcha(t.app, 'forms'))).toBeUndefined();
    const keys = (await db.select({ key: captchaReplays.key }).from(captchaReplays)).map((row) => row.key);
    expect(keys).not.toContain('expired-puzzle');
    expect(keys).toContain('live-puzzle');
  });

  it('refuses a solution made for another form family', async () => {
    const solution = await solveCaptcha(t.app, 'forms');
    expect(await refusal(solution, 'contact')).toMatchObject({ field: 'captchaSolution', code: 'wrongSiteKey' });
  });

  it('refuses a missing, malformed or tampered solution', async () => {
    expect(await refusal(undefined)).toMatchObject({ field: 'captchaSolution', code: 'required' });
    expect(await refusal('not base64 json')).toMatchObject({ field: 'captchaSolution', code: 'invalid' });
    const solution = JSON.parse(Buffer.from(await solveCaptcha(t.app), 'base64').toString());
    const tampered = Buffer.from(JSON.stringify({ ...solution, number: solution.number + 1 })).toString('base64');
    expect(await refusal(tampered)).toMatchObject({ field: 'captchaSolution', code: 'invalid' });
  });

  it('refuses an expired solution', async () => {
    // A genuine puzzle of the provider, issued an hour ago: signed, but past its expiry.
    const old = createPuzzle(t.app.captcha.providerOptions, t.app.captcha.siteKeys.forms, Date.now() - 3_600_000);
    const solution = encodeSolution(old, solvePuzzle(old).number);
    expect(await refusal(solution)).toMatchObject({ field: 'captchaSolution', code: 'expired', message: 'error.captcha.expired' });
  });

  it('serves puzzles only for its own site keys', async () => {
    const response = await t.app.inject('/captcha/puzzle?sitekey=made-up');
    expect(response.statusCode).toBe(400);
    const good = await t.app.inject(`/captcha/puzzle?sitekey=${t.app.captcha.siteKeys.checkout}`);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    expect(good.json().salt).toContain(`sitekey=${t.app.captcha.siteKeys.checkout}`);
  });
});
