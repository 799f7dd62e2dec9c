import type { FastifyPluginAsync } from 'fastify';
import { translateAll } from '#shared/i18n/messages.ts';
import { createPuzzle, type CaptchaOptions } from './puzzle.ts';

export type CaptchaRoutesOptions = CaptchaOptions & { siteKeys: readonly string[] };

/**
 * The provider's HTTP side: `GET /puzzle?sitekey=KEY`, mounted by the app under
 * `/captcha`. The query is checked by hand rather than by a route schema so that a
 * missing, repeated or unknown site key gets the same error body.
 */
export function captchaRoutes(options: CaptchaRoutesOptions): FastifyPluginAsync {
  if (!options.secret) throw new Error('captcha: secret must not be empty');
  // node:crypto randomInt accepts ranges below 2^48.
  if (!Number.isSafeInteger(options.maxNumber) || options.maxNumber < 1 || options.maxNumber >= 2 ** 48 - 1) {
    throw new Error('captcha: maxNumber must be a positive integer below 2^48');
  }
  // The widget treats a puzzle as expired 30 s early, so anything shorter is unusable.
  if (!Number.isInteger(options.expiresInSeconds) || options.expiresInSeconds <= 60) {
    throw new Error('captcha: expiresInSeconds must be an integer above 60');
  }
  const siteKeys = new Set(options.siteKeys);

  return async (app) => {
    const puzzle = {
      schema: { summary: 'A proof-of-work puzzle for the site key of ?sitekey= (the captcha widget asks for it)' },
      // For the OpenAPI document: its one refusal, with the provider's own code.
      config: { refusals: [{ status: 400, code: 'captcha.unknownSiteKey', when: 'the site key is missing, repeated or unknown' }] },
    };
    app.get('/puzzle', puzzle, async (request, reply) => {
      const { sitekey } = request.query as { sitekey?: unknown };
      const client = request.headers['x-captcha-client'];
      reply.header('Cache-Control', 'no-store');
      if (typeof sitekey !== 'string' || !siteKeys.has(sitekey)) {
        request.log.info({ captchaClient: describeClient(client) }, 'captcha puzzle refused: unknown site key');
        return reply.code(400).send({
          error: { code: 'captcha.unknownSiteKey', messagesByLanguage: translateAll('error.captcha.unknownSiteKey') },
        });
      }
      request.log.debug({ captchaClient: describeClient(client), siteKey: sitekey }, 'captcha puzzle issued');
      return createPuzzle(options, sitekey);
    });
  };
}

/** The client header is free text from the visitor: keep the log line short. */
function describeClient(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  return value?.slice(0, 100);
}
