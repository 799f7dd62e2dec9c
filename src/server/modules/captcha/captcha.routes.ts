import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteKeySchema } from '#shared/schemas/common.ts';
import type { CaptchaService, FormFamily } from './captcha.service.ts';

/** The four site-key calls of SPEC §7, one per form family. */
const siteKeyPaths: Record<FormFamily, string> = {
  contact: '/api/contact-form/site-key',
  signIn: '/api/users/captcha/site-key',
  checkout: '/api/orders/captcha/site-key',
  forms: '/api/captcha/site-key',
};

export const captchaSiteKeyRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaService }> = async (app, options) => {
  for (const [family, path] of Object.entries(siteKeyPaths) as [FormFamily, string][]) {
    app.get(
      path,
      { schema: { summary: `Captcha site key of the ${family} form family`, response: { 200: siteKeySchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { siteKey: options.captcha.siteKeys[family] };
      },
    );
  }
};
