import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { downloadableCalls } from '#shared/contract/downloadables.ts';
import type { DownloadablesService } from './downloadables.service.ts';

/** Browsers keep a cover for a day (it changes only with the item's title). */
const coverCacheControl = 'public, max-age=86400';

/** `filename` in ASCII for old clients, `filename*` in UTF-8 for the rest (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The downloadable content (docs/product/downloadables.md, src/shared/contract/downloadables.ts):
 * one item's description and cover, the request form that mails a signed link, and the
 * link itself, which answers the file or sends the visitor to the item's page.
 */
export const downloadablesRoutes: FastifyPluginAsyncZod<{ downloadables: DownloadablesService }> = async (app, options) => {
  const { downloadables } = options;

  registerCall(app, downloadableCalls.downloadable, async (request, reply) => {
    const answer = await downloadables.describe(request.params.code, requestLanguage(request));
    reply.header('cache-control', 'no-store');
    return answer;
  });

  registerCall(app, downloadableCalls.cover, async (request, reply) => {
    const svg = await downloadables.cover(request.params.code, requestLanguage(request));
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', coverCacheControl).send(svg);
  });

  registerCall(app, downloadableCalls.requestDownload, async (request, reply) => {
    const answer = await downloadables.requestLink(request.params.code, request.body, requestLanguage(request));
    reply.header('cache-control', 'no-store');
    return answer;
  });

  registerCall(app, downloadableCalls.downloadFile, async (request, reply) => {
    const answer = await downloadables.download(request.params.code, request.query, requestLanguage(request));
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    if (answer.kind === 'refused') return reply.redirect(answer.pagePath, 303);
    return reply.type(answer.file.contentType).header('content-disposition', attachment(answer.file.fileName)).send(answer.file.content);
  });
};
