import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '#server/http/language.ts';
import { AppError } from '#shared/errors.ts';
import { appPaths, appUrl, newsletterUnsubscribeSection } from '#shared/paths.ts';
import { languageQuerySchema } from '#shared/schemas/common.ts';
import { formMessagesResponseSchema, newsletterSubscriptionSchema, newsletterTopicSchema } from '#shared/schemas/forms.ts';
import { newsletterPreferencesSchema, newsletterPreferencesUpdateSchema, tokenParams, unsubscribeBodySchema } from '#shared/schemas/newsletter.ts';
import { personRecordSchema } from '#shared/schemas/people.ts';
import type { NewsletterService } from './newsletter.service.ts';

/** The one-click body is one short key/value pair (RFC 8058), also as a multipart form. */
const oneClickBodyLimit = 1024;

/**
 * The text fields of a form body, URL-encoded or multipart/form-data (RFC 7578), read by
 * the form parser of Node's own fetch implementation (`Response.formData()`), which
 * refuses a body that does not match its content type. A file part is left out.
 */
async function formFields(body: Buffer, contentType: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError('badRequest');
  }
  return Object.fromEntries([...form].filter((field): field is [string, string] => typeof field[1] === 'string'));
}

/**
 * The newsletter (docs/product/newsletter.md). `POST /api/newsletter/`: the form of the
 * footer modal and the subscribe buttons, with a double opt-in; `GET
 * /api/newsletter/topics`: the topics it offers. The preference centre's calls are keyed
 * by the token of a mail's link (404 when unknown or expired); none of them changes
 * anything on GET, since mail scanners open links.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (app, options) => {
  const { newsletter } = options;
  const noStore = { 'cache-control': 'no-store' };
  const preferencesAnswer = { 200: newsletterPreferencesSchema };

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
        summary: 'Asks for the newsletter: a mail with a confirmation link (or, to a subscriber, their preference link); the same answer either way',
        description: 'Needs a captcha solution of the `forms` site key (`GET /api/captcha/site-key`).',
        body: newsletterSubscriptionSchema,
        response: { 200: formMessagesResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await newsletter.subscribe(request.body, requestLanguage(request));
      return reply.headers(noStore).send(answer);
    },
  );

  app.get(
    '/api/newsletter/:token/',
    { schema: { summary: "The subscriber's choices and status", params: tokenParams, response: preferencesAnswer } },
    async (request, reply) => reply.headers(noStore).send(await newsletter.preferences(request.params.token)),
  );

  app.put(
    '/api/newsletter/:token/',
    {
      schema: {
        summary: 'Saves role, experience level, topics and language, and confirms a pending subscription',
        params: tokenParams,
        body: newsletterPreferencesUpdateSchema,
        response: preferencesAnswer,
      },
    },
    async (request, reply) => reply.headers(noStore).send(await newsletter.savePreferences(request.params.token, request.body, requestLanguage(request))),
  );

  app.post(
    '/api/newsletter/:token/confirm',
    { schema: { summary: 'Confirms the subscription', params: tokenParams, response: preferencesAnswer } },
    async (request, reply) => reply.headers(noStore).send(await newsletter.confirm(request.params.token, requestLanguage(request))),
  );

  // The one-click unsubscribe of RFC 8058, in a scope of its own: only here is a form body
  // (`List-Unsubscribe=One-Click`, multipart/form-data as the RFC asks, or
  // application/x-www-form-urlencoded) read, and this route is the one exemption of the
  // anti-forgery check (src/server/plugins/xsrf.ts): a mail program posts it without
  // cookies, and the token in the address is the credential.
  await app.register(async (scope) => {
    const oneClick = scope.withTypeProvider<ZodTypeProvider>();
    oneClick.addContentTypeParser(
      ['multipart/form-data', 'application/x-www-form-urlencoded'],
      { parseAs: 'buffer', bodyLimit: oneClickBodyLimit },
      (request: FastifyRequest, body: Buffer) => formFields(body, request.headers['content-type'] ?? ''),
    );
    oneClick.post(
      '/api/newsletter/:token/unsubscribe',
      {
        schema: {
          summary: 'Unsubscribes; also the List-Unsubscribe address of the mails (one click, RFC 8058, no anti-forgery header needed)',
          description:
            'The preference centre posts it without a body; a mail program posts `List-Unsubscribe=One-Click` as `multipart/form-data` or `application/x-www-form-urlencoded` (at most 1 KB).',
          consumes: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'],
          params: tokenParams,
          body: unsubscribeBodySchema,
          response: preferencesAnswer,
        },
      },
      async (request, reply) => {
        const source = request.body?.['List-Unsubscribe'] === 'One-Click' ? 'LIST_UNSUBSCRIBE' : 'PREFERENCE_CENTRE';
        return reply.headers(noStore).send(await newsletter.unsubscribe(request.params.token, source, requestLanguage(request)));
      },
    );
  });

  // The same address opened in a browser (someone follows the List-Unsubscribe link):
  // the preference centre's page, scrolled to its Unsubscribe button, in the visitor's
  // language. A GET changes nothing, since link scanners open addresses too.
  app.get(
    '/api/newsletter/:token/unsubscribe',
    {
      schema: {
        summary: 'The one-click address opened in a browser: 303 to the preference centre at its Unsubscribe button; unsubscribes nobody',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const page = appUrl(appPaths.newsletterPreferences(encodeURIComponent(request.params.token)));
      return reply.headers(noStore).redirect(`${page}#${newsletterUnsubscribeSection}`, 303);
    },
  );

  app.get(
    '/api/newsletter/:token/data',
    { schema: { summary: 'Everything stored about the subscriber, as a JSON download', params: tokenParams, response: { 200: personRecordSchema } } },
    async (request, reply) => {
      const record = await newsletter.personalData(request.params.token);
      return reply.headers(noStore).header('content-disposition', 'attachment; filename="personal-data.json"').send(record);
    },
  );

  app.post(
    '/api/newsletter/:token/deletion',
    {
      // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
      config: { rateLimit: 'mailForms' },
      schema: {
        summary: 'Sends the subscriber a mail with a link that confirms the deletion of their data (24 hours, once)',
        params: tokenParams,
        response: { 200: formMessagesResponseSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await newsletter.requestDeletion(request.params.token, requestLanguage(request))),
  );
};
