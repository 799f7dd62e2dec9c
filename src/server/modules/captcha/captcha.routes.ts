import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteKeySchema } from '#shared/schemas/common.ts';
import { siteKeyPaths, type FormFamily } from '#shared/captcha-families.ts';
import { apiBase } from '#shared/paths.ts';
import type { CaptchaService } from './captcha.service.ts';

/** One site-key call per form family. */

export const captchaSiteKeyRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaService }> = async (app, options) => {
  for (const [family, path] of Object.entries(siteKeyPaths) as [FormFamily, string][]) {
    app.get(
      `${apiBase}${path}`,
      { schema: { summary: `Captcha site key of the ${family} form family`, response: { 200: siteKeySchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { siteKey: options.captcha.siteKeys[family] };
      },
    );
  }
};
