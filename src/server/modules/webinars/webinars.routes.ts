import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { webinarCalls } from '#shared/contract/webinars.ts';
import type { WebinarsService } from './webinars.service.ts';

/**
 * The public webinar calls (src/shared/contract/webinars.ts): the list of upcoming
 * webinars, one webinar, and the sign-up (captcha of the `forms` family).
 */
export const webinarsRoutes: FastifyPluginAsyncZod<{ webinars: WebinarsService }> = async (app, options) => {
  const { webinars } = options;

  registerCall(app, webinarCalls.webinars, async (request, reply) => {
    const answer = await webinars.listUpcoming(request.query.language);
    reply.header('cache-control', 'no-store');
    return answer;
  });

  registerCall(app, webinarCalls.webinar, async (request, reply) => {
    const answer = await webinars.get(request.params.id);
    reply.header('cache-control', 'no-store');
    return answer;
  });

  registerCall(app, webinarCalls.subscribeToWebinar, async (request, reply) => {
    const answer = await webinars.subscribe(request.params.id, request.body, requestLanguage(request));
    reply.header('cache-control', 'no-store');
    return answer;
  });
};
