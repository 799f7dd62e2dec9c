import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import { AppError } from '#shared/errors.ts';
import { appPaths, appUrl, newsletterUnsubscribeSection } from '#shared/paths.ts';
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
 * The newsletter (docs/product/newsletter.md, src/shared/contract/newsletter.ts): the
 * form of the footer modal and the subscribe buttons, with a double opt-in, the topics
 * it offers, and the preference centre's calls, keyed by the token of a mail's link.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (app, options) => {
  const { newsletter } = options;
  const noStore = { 'cache-control': 'no-store' };

  registerCall(app, newsletterCalls.newsletterTopics, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('vary', 'accept-language, cookie');
    return newsletter.listTopics(requestLanguage(request));
  });

  registerCall(app, newsletterCalls.subscribeToNewsletter, async (request, reply) => {
    const answer = await newsletter.subscribe(request.body, requestLanguage(request));
    return reply.headers(noStore).send(answer);
  });

  registerCall(app, newsletterCalls.newsletterPreferences, async (request, reply) =>
    reply.headers(noStore).send(await newsletter.preferences(request.params.token)),
  );

  registerCall(app, newsletterCalls.saveNewsletterPreferences, async (request, reply) =>
    reply.headers(noStore).send(await newsletter.savePreferences(request.params.token, request.body, requestLanguage(request))),
  );

  registerCall(app, newsletterCalls.confirmNewsletter, async (request, reply) =>
    reply.headers(noStore).send(await newsletter.confirm(request.params.token, requestLanguage(request), { onlyPending: request.query.only === 'PENDING' })),
  );

  // The one-click unsubscribe of RFC 8058, in a scope of its own: only here is a form body
  // (`List-Unsubscribe=One-Click`, multipart/form-data as the RFC asks, or
  // application/x-www-form-urlencoded) read. Its contract entry exempts it from the
  // anti-forgery check: a mail program posts it without cookies, and the token in the
  // address is the credential.
  await app.register(async (scope) => {
    const oneClick = scope.withTypeProvider<ZodTypeProvider>();
    const formMediaTypes = newsletterCalls.unsubscribeFromNewsletter.consumes.filter((mediaType) => mediaType !== 'application/json');
    oneClick.addContentTypeParser(formMediaTypes, { parseAs: 'buffer', bodyLimit: oneClickBodyLimit }, (request: FastifyRequest, body: Buffer) =>
      formFields(body, request.headers['content-type'] ?? ''),
    );
    registerCall(oneClick, newsletterCalls.unsubscribeFromNewsletter, async (request, reply) => {
      const source = request.body?.['List-Unsubscribe'] === 'One-Click' ? 'LIST_UNSUBSCRIBE' : 'PREFERENCE_CENTRE';
      return reply.headers(noStore).send(await newsletter.unsubscribe(request.params.token, source, requestLanguage(request)));
    });
  });

  // The same address opened in a browser (someone follows the List-Unsubscribe link):
  // the preference centre's page, scrolled to its Unsubscribe button, in the visitor's
  // language. A GET changes nothing, since link scanners open addresses too.
  registerCall(app, newsletterCalls.unsubscribePage, async (request, reply) => {
    const page = appUrl(appPaths.newsletterPreferences(encodeURIComponent(request.params.token)));
    return reply.headers(noStore).redirect(`${page}#${newsletterUnsubscribeSection}`, 303);
  });

  registerCall(app, newsletterCalls.personalData, async (request, reply) => {
    const record = await newsletter.personalData(request.params.token);
    return reply.headers(noStore).header('content-disposition', 'attachment; filename="personal-data.json"').send(record);
  });

  registerCall(app, newsletterCalls.requestDeletion, async (request, reply) =>
    reply.headers(noStore).send(await newsletter.requestDeletion(request.params.token, requestLanguage(request))),
  );
};
