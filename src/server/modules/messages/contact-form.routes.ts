import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { contactFormCalls } from '#shared/contract/contact-form.ts';
import type { MessagesService } from './messages.service.ts';

/**
 * The contact form (src/shared/contract/contact-form.ts). The body is checked with the shared
 * schema the form uses; a refusal is a 400 that names each refused field.
 */
export const contactFormRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (app, options) => {
  const { messages } = options;

  registerCall(app, contactFormCalls.sendContactMessage, async (request, reply) => {
    const answer = await messages.send(request.body, requestLanguage(request));
    reply.header('cache-control', 'no-store');
    return answer;
  });
};
