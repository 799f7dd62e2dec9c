import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '#server/http/language.ts';
import { languageQuerySchema } from '#shared/schemas/common.ts';
import { formMessagesResponseSchema, newsletterSubscriptionSchema, newsletterTopicSchema } from '#shared/schemas/forms.ts';
import type { NewsletterService } from './newsletter.service.ts';

/**
 * `POST /api/newsletter/`: the newsletter form of the footer modal and the subscribe
 * buttons. `GET /api/newsletter/topics`: the topics that form offers. The body is checked
 * with the shared schema the form uses; a refusal is a 400 that names each refused field.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (app, options) => {
  const { newsletter } = options;

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
      return newsletter.listTopics(requestLanguage(request));
    },
  );

  app.post(
    '/api/newsletter/',
    {
      // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
      config: { rateLimit: 'mailForms' },
      schema: {
        summary: 'Subscribes to the newsletter, or updates the subscriber with this e-mail address',
        description: 'Needs a captcha solution of the `forms` site key (`GET /api/captcha/site-key`).',
        security: [{ xsrf: [] }],
        body: newsletterSubscriptionSchema,
        response: { 200: formMessagesResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await newsletter.subscribe(request.body, requestLanguage(request));
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );
};
