import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { contactCalls } from '#shared/contract/contact.ts';
import type { ContactService } from './contact.service.ts';

/**
 * The contact form (src/shared/contract/contact.ts). The body is checked with the shared
 * schema the form uses; a refusal is a 400 that names each refused field.
 */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, options) => {
  const { contact } = options;

  registerCall(app, contactCalls.sendContactMessage, async (request, reply) => {
    const answer = await contact.send(request.body, requestLanguage(request));
    reply.header('cache-control', 'no-store');
    return answer;
  });
};
