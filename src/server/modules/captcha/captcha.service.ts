import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { verifySolution, type CaptchaOptions } from '#captcha/puzzle.ts';
import type { Db } from '#server/db/client.ts';
import { captchaReplays } from '#server/modules/captcha/captcha.schema.ts';
import { formFamilies, type FormFamily } from '#shared/captcha-families.ts';
import { AppError } from '#shared/errors.ts';


export interface CaptchaService {
  siteKeys: Record<FormFamily, string>;
  providerOptions: CaptchaOptions & { siteKeys: readonly string[] };
  /**
   * Accepts a solution once for this form family; otherwise a 400 on `captchaSolution`.
   * Inside a transaction, pass it: the replay record then commits or rolls back with it.
   */
  verify(solution: unknown, family: FormFamily, db?: Db): Promise<void>;
}

function derive(secretKey: string, purpose: string): string {
  return createHmac('sha256', secretKey).update(purpose).digest('hex');
}

export function createCaptchaService(options: {
  db: Db;
  secretKey: string;
  maxNumber: number;
  expiresInSeconds?: number;
}): CaptchaService {
  // Site keys are public; deriving them from the server secret keeps them stable across restarts.
  const siteKeys = Object.fromEntries(
    formFamilies.map((family) => [family, `sk_${family}_${derive(options.secretKey, `captcha-site-key:${family}`).slice(0, 20)}`]),
  ) as Record<FormFamily, string>;
  const providerOptions = {
    secret: derive(options.secretKey, 'captcha-provider-secret'),
    maxNumber: options.maxNumber,
    expiresInSeconds: options.expiresInSeconds ?? 600,
    siteKeys: Object.values(siteKeys),
  };

  return {
    siteKeys,
    providerOptions,
    async verify(solution, family, db = options.db) {
      if (typeof solution !== 'string' || solution.length === 0) {
        throw AppError.field('captchaSolution', 'required', 'error.required');
      }
      const result = verifySolution(providerOptions, solution, siteKeys[family]);
      if (!result.ok) {
        const message =
          result.reason === 'expired' ? 'error.captcha.expired' : result.reason === 'wrongSiteKey' ? 'error.captcha.wrongForm' : 'error.captcha.invalid';
        throw AppError.field('captchaSolution', result.reason, message);
      }
      // The replay record, and the sweep of those whose puzzle expired (they only matter
      // until then; sweeping here keeps the table small), in one statement: inside a
      // checkout this runs while the order is locked.
      const recorded = await db.execute(sql`
        with swept as (delete from ${captchaReplays} where ${captchaReplays.expiresAt} < now())
        insert into ${captchaReplays} (key, expires_at) values (${result.replayKey}, ${result.expiresAt.toISOString()})
        on conflict do nothing
        returning key`);
      if ((recorded as unknown as { rows: unknown[] }).rows.length === 0) throw AppError.field('captchaSolution', 'used', 'error.captcha.used');
    },
  };
}
