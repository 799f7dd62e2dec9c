import type { FastifyInstance } from 'fastify';
import type { CaptchaService, FormFamily } from './captcha.service.ts';

/** The four site-key calls of SPEC §7, one per form family. */
const siteKeyPaths: Record<FormFamily, string> = {
  contact: '/api/contact-form/site-key',
  signIn: '/api/users/captcha/site-key',
  checkout: '/api/orders/captcha/site-key',
  forms: '/api/captcha/site-key',
};

export async function captchaSiteKeyRoutes(app: FastifyInstance, options: { captcha: CaptchaService }): Promise<void> {
  for (const [family, path] of Object.entries(siteKeyPaths) as [FormFamily, string][]) {
    app.get(path, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { siteKey: options.captcha.siteKeys[family] };
    });
  }
}
