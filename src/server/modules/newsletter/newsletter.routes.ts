import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { requestLanguage } from '#server/http/language.ts';
import type { CaptchaService } from '#server/modules/captcha/captcha.service.ts';
import { languageQuerySchema } from '#shared/schemas/common.ts';
import { formMessagesResponseSchema, newsletterSubscriptionSchema, newsletterTopicSchema } from '#shared/schemas/forms.ts';
import { createNewsletterRepository } from './newsletter.repository.ts';
import { createNewsletterService } from './newsletter.service.ts';

/**
 * `POST /api/newsletter/` (SPEC §7): the newsletter form of the footer modal and the
 * subscribe buttons. `GET /api/newsletter/topics`: the topics that form offers. The body
 * is checked with the shared schema the form uses; a refusal is the 400 of DESIGN.md §6.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Db; captcha: CaptchaService }> = async (app, options) => {
  const service = createNewsletterService({ repository: createNewsletterRepository(options.db), captcha: options.captcha });

  app.get(
    '/api/newsletter/topics',
    {
      schema: {
        summary: 'The newsletter topics, titled in the request language',
        querystring: languageQuerySchema,
        response: { 200: z.array(newsletterTopicSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300').header('vary', 'accept-language, cookie');
      return service.listTopics(requestLanguage(request));
    },
  );

  app.post(
    '/api/newsletter/',
    {
      schema: {
        summary: 'Subscribes to the newsletter, or updates the subscriber with this e-mail address',
        description: 'Needs a captcha solution of the `forms` site key (`GET /api/captcha/site-key`).',
        security: [{ xsrf: [] }],
        body: newsletterSubscriptionSchema,
        response: { 200: formMessagesResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await service.subscribe(request.body, requestLanguage(request));
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );
};
