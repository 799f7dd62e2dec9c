import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { formMessagesResponseSchema } from '#shared/schemas/forms.ts';
import { publicWebinarListSchema, publicWebinarSchema, webinarListQuerySchema, webinarParams, webinarSubscriptionSchema } from '#shared/schemas/webinars.ts';
import type { WebinarsService } from './webinars.service.ts';

/**
 * The public webinar calls: the list of upcoming webinars, one webinar, and the sign-up
 * (captcha of the `forms` family, `GET /api/captcha/site-key`). The join link is in none
 * of the answers: it comes with the confirmation mail.
 */
export const webinarsRoutes: FastifyPluginAsyncZod<{ webinars: WebinarsService }> = async (app, options) => {
  const { webinars } = options;
  const tags = ['webinars'];

  app.get(
    '/api/webinars/',
    {
      schema: {
        tags,
        summary: 'The upcoming webinars (not started yet), soonest first; in one language with ?language=',
        querystring: webinarListQuerySchema,
        response: { 200: publicWebinarListSchema },
      },
    },
    async (request, reply) => {
      const answer = await webinars.listUpcoming(request.query.language);
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.get(
    '/api/webinars/:id',
    {
      schema: {
        tags,
        summary: 'One webinar, also one that has taken place; 404 when unknown or deleted',
        params: webinarParams,
        response: { 200: publicWebinarSchema },
      },
    },
    async (request, reply) => {
      const answer = await webinars.get(request.params.id);
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.post(
    '/api/webinars/:id/subscriptions',
    {
      // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
      // 409 once the webinar has started.
      config: { rateLimit: 'mailForms', refusals: ['conflict'] },
      schema: {
        tags,
        summary: 'Signs up for a webinar; the confirmation with the link to join and a calendar entry comes by e-mail',
        description:
          'Needs a captcha solution of the `forms` site key (`GET /api/captcha/site-key`). 404 for an unknown or deleted webinar, 409 once it has started. Signing up again keeps the one sign-up and sends the confirmation again.',
        params: webinarParams,
        body: webinarSubscriptionSchema,
        response: { 200: formMessagesResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await webinars.subscribe(request.params.id, request.body, requestLanguage(request));
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );
};
