import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import { contactAdminCalls } from '#shared/contract/contacts-admin.ts';
import type { PeopleService } from './people.service.ts';

/**
 * The back office's contacts, staff only (src/shared/contract/contacts-admin.ts): each
 * call needs a staff session (401) and answers `no-store`. An unknown id answers 404.
 */
export const contactsAdminRoutes: FastifyPluginAsyncZod<{ people: PeopleService }> = async (app, options) => {
  const { people } = options;

  registerCall(app, contactAdminCalls.adminContacts, async (request) => people.list(request.query));

  registerCall(app, contactAdminCalls.exportContacts, async (request, reply) => {
    const csv = await people.exportCsv(request.query.q, request.query.language ?? requestLanguage(request), staffOf(request));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="contacts.csv"').send(csv);
  });

  registerCall(app, contactAdminCalls.adminContact, async (request) => people.describe(request.params.id));
};
