import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import type { FormFamily } from '#shared/captcha-families.ts';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import type { CaptchaService } from './captcha.service.ts';

/** One site-key call per form family (src/shared/contract/captcha.ts). */
export const captchaSiteKeyRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaService }> = async (app, options) => {
  for (const [family, call] of Object.entries(siteKeyCalls) as [FormFamily, (typeof siteKeyCalls)[FormFamily]][]) {
    registerCall(app, call, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { siteKey: options.captcha.siteKeys[family] };
    });
  }
};
