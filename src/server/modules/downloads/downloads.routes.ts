import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { fileAnswer } from '#server/plugins/api-document.ts';
import { languageQuerySchema } from '#shared/schemas/common.ts';
import { downloadableParams, downloadableSchema, downloadLinkQuerySchema, downloadRequestSchema } from '#shared/schemas/downloadables.ts';
import { formMessagesResponseSchema } from '#shared/schemas/forms.ts';
import type { DownloadsService } from './downloads.service.ts';

/** Browsers keep a cover for a day (it changes only with the item's title). */
const coverCacheControl = 'public, max-age=86400';

/** `filename` in ASCII for old clients, `filename*` in UTF-8 for the rest (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The downloadable content (docs/product/downloads.md): one item's description and cover,
 * the request form that mails a signed link (captcha of the `forms` family), and the link
 * itself, which answers the file or sends the visitor to the item's page.
 */
export const downloadsRoutes: FastifyPluginAsyncZod<{ downloads: DownloadsService }> = async (app, options) => {
  const { downloads } = options;
  const tags = ['downloads'];

  app.get(
    '/api/downloadables/by-code/:code',
    {
      schema: {
        tags,
        summary: 'One downloadable item in a language (?language=, else the request language): title, description, cover address, page count',
        description: '404 for an unknown code.',
        params: downloadableParams,
        querystring: languageQuerySchema,
        response: { 200: downloadableSchema },
      },
    },
    async (request, reply) => {
      const answer = await downloads.describe(request.params.code, requestLanguage(request));
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.get(
    '/api/downloadables/by-code/:code/cover.svg',
    {
      schema: {
        tags,
        summary: 'The cover image of an item (SVG) in a language; cached by browsers for a day',
        params: downloadableParams,
        querystring: languageQuerySchema,
        response: { 200: fileAnswer('image/svg+xml', 'The cover (SVG)') },
      },
    },
    async (request, reply) => {
      const svg = await downloads.cover(request.params.code, requestLanguage(request));
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', coverCacheControl).send(svg);
    },
  );

  app.post(
    '/api/downloadables/by-code/:code/subscriptions/',
    {
      // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
      config: { rateLimit: 'mailForms' },
      schema: {
        tags,
        summary: 'Requests an item: a signed download link, valid 7 days, comes by e-mail in the visitor’s language',
        description:
          'Needs a captcha solution of the `forms` site key (`GET /api/captcha/site-key`). 404 for an unknown code. Records the person as a contact with a DATA_PRIVACY consent (source DOWNLOAD); `newsletterEnabled` starts the newsletter’s double opt-in.',
        params: downloadableParams,
        body: downloadRequestSchema,
        response: { 200: formMessagesResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await downloads.requestLink(request.params.code, request.body, requestLanguage(request));
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.get(
    '/api/downloadables/by-code/:code/file',
    {
      schema: {
        tags,
        summary: 'The link of the download mail: the file (PDF) when its signature is valid and not expired',
        description:
          'Query: `language`, `expires` (Unix seconds) and `signature` (HMAC-SHA256 with the server key over code, language and expiry). A changed, expired or foreign link is answered 303 to `/app/downloadable-content/{code}/{language}?link=expired|invalid`, the item’s page, which offers a fresh link.',
        params: downloadableParams,
        querystring: downloadLinkQuerySchema,
        response: { 200: fileAnswer('application/pdf', 'The file (PDF)') },
      },
    },
    async (request, reply) => {
      const answer = await downloads.download(request.params.code, request.query, requestLanguage(request));
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      if (answer.kind === 'refused') return reply.redirect(answer.pagePath, 303);
      return reply.type(answer.file.contentType).header('content-disposition', attachment(answer.file.fileName)).send(answer.file.content);
    },
  );
};
