import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { contactFormSchema, formMessagesResponseSchema } from '#shared/schemas/forms.ts';
import type { ContactService } from './contact.service.ts';

/**
 * `POST /api/contact-form/`: the contact form. The body is checked with the shared schema
 * the form uses; a refusal is a 400 that names each refused field. Its captcha site key is
 * served at `GET /api/contact-form/site-key` (the `contact` family).
 */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, options) => {
  const { contact } = options;

  app.post(
    '/api/contact-form/',
    {
      // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
      config: { rateLimit: 'mailForms' },
      schema: {
        summary: 'Sends a message to the chosen recipient; the sender gets an acknowledgement by e-mail',
        description: 'Needs a captcha solution of the `contact` site key (`GET /api/contact-form/site-key`).',
        body: contactFormSchema,
        response: { 200: formMessagesResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await contact.send(request.body, requestLanguage(request));
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );
};
