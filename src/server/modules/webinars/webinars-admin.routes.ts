import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '#server/http/language.ts';
import { fileAnswer } from '#server/plugins/api-document.ts';
import { languageQuerySchema } from '#shared/schemas/common.ts';
import {
  adminWebinarDetailSchema,
  adminWebinarListSchema,
  adminWebinarSchema,
  deleteWebinarQuerySchema,
  webinarAdminListQuerySchema,
  webinarInputSchema,
  webinarParams,
} from '#shared/schemas/webinars.ts';
import type { WebinarsService } from './webinars.service.ts';

export type WebinarsAdminRoutesOptions = { webinars: WebinarsService };

/**
 * The back office's webinar admin, staff only: registered with `registerStaffRoutes`, so
 * each call needs a staff session (401) and, as every POST/PUT/DELETE, the anti-forgery
 * header. An unknown or deleted webinar answers 404. Its paths are static below
 * `/api/webinars/admin/`, which the router prefers to the public `/api/webinars/:id`.
 */
export const webinarsAdminRoutes: FastifyPluginAsyncZod<WebinarsAdminRoutesOptions> = async (app, options) => {
  const { webinars } = options;
  const tags = ['back office'];
  const answer = { 200: adminWebinarSchema };

  app.get(
    '/api/webinars/admin/',
    {
      schema: {
        tags,
        summary: 'The webinars of a period (UPCOMING soonest first; PAST, ALL latest first) with their subscriber counts',
        querystring: webinarAdminListQuerySchema,
        response: { 200: adminWebinarListSchema },
      },
    },
    async (request) => webinars.adminList(request.query),
  );

  app.post(
    '/api/webinars/admin/',
    { schema: { tags, summary: 'Creates a webinar: a free code, a start in the future', body: webinarInputSchema, response: answer } },
    async (request) => webinars.create(request.body),
  );

  app.get(
    '/api/webinars/admin/:id',
    { schema: { tags, summary: 'A webinar with its subscribers, in order of sign-up', params: webinarParams, response: { 200: adminWebinarDetailSchema } } },
    async (request) => webinars.adminDetail(request.params.id),
  );

  app.put(
    '/api/webinars/admin/:id',
    {
      schema: {
        tags,
        summary: 'Changes a webinar; a new start, duration, title or link sends the subscribers the changed calendar entry',
        params: webinarParams,
        body: webinarInputSchema,
        response: answer,
      },
    },
    async (request) => webinars.update(request.params.id, request.body),
  );

  app.delete(
    '/api/webinars/admin/:id',
    {
      // 409 while it has subscribers and ?subscribersInformed=true is missing.
      config: { refusals: ['conflict'] },
      schema: {
        tags,
        summary: 'Deletes a webinar; with subscribers only with ?subscribersInformed=true, and they get the cancelled calendar entry',
        params: webinarParams,
        querystring: deleteWebinarQuerySchema,
        response: { 204: z.null().describe('Done') },
      },
    },
    async (request, reply) => {
      await webinars.remove(request.params.id, request.query.subscribersInformed === true);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/webinars/admin/:id/subscribers.csv',
    {
      schema: {
        tags,
        summary: "The webinar's subscribers as CSV (UTF-8 with BOM), the header in ?language=",
        params: webinarParams,
        querystring: languageQuerySchema,
        response: { 200: fileAnswer('text/csv', 'A header row, then one row per subscriber') },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await webinars.subscribersCsv(request.params.id, request.query.language ?? requestLanguage(request));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
    },
  );
};
