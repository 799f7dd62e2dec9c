import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { fileAnswer } from '#server/plugins/api-document.ts';
import { contactExportQuerySchema, contactListQuerySchema, contactListSchema, contactParams, personRecordSchema } from '#shared/schemas/people.ts';
import type { PeopleService } from './people.service.ts';

/**
 * The back office's contacts, staff only: registered with `registerStaffRoutes`, so each
 * call needs a staff session (401) and answers `no-store`. An unknown id answers 404.
 */
export const contactsAdminRoutes: FastifyPluginAsyncZod<{ people: PeopleService }> = async (app, options) => {
  const { people } = options;
  const tags = ['back office'];

  app.get(
    '/api/contacts/admin/',
    {
      schema: {
        tags,
        summary: 'One page of the contacts whose name, e-mail address or company contains q (any case), newest first',
        querystring: contactListQuerySchema,
        response: { 200: contactListSchema },
      },
    },
    async (request) => people.list(request.query),
  );

  app.get(
    '/api/contacts/admin/export.csv',
    {
      schema: {
        tags,
        summary: 'Every contact the search q finds as CSV (UTF-8 with BOM), the header in ?language=',
        querystring: contactExportQuerySchema,
        response: { 200: fileAnswer('text/csv', 'A header row, then one row per contact') },
      },
    },
    async (request, reply) => {
      const csv = await people.exportCsv(request.query.q, request.query.language ?? requestLanguage(request));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="contacts.csv"').send(csv);
    },
  );

  app.get(
    '/api/contacts/admin/:id',
    {
      schema: {
        tags,
        summary: 'A contact with everything stored about them: consents, messages, webinar sign-ups, newsletter subscription, orders by e-mail',
        params: contactParams,
        response: { 200: personRecordSchema },
      },
    },
    async (request) => people.describe(request.params.id),
  );
};
