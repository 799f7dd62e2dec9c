import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import { contactAdminCalls } from '#shared/contract/contacts-admin.ts';
import { contactCalls } from '#shared/contract/contacts.ts';
import type { ContactsService } from './contacts.service.ts';

/**
 * The contacts' calls: the confirmation of a deletion, with the token of the link in the
 * deletion mail (src/shared/contract/contacts.ts), and the back office's contacts, staff
 * only (src/shared/contract/contacts-admin.ts): each of those needs a staff session (401)
 * and answers `no-store`; an unknown id answers 404.
 */
export const contactsRoutes: FastifyPluginAsyncZod<{ contacts: ContactsService }> = async (app, options) => {
  const { contacts } = options;

  registerCall(app, contactCalls.confirmDeletion, async (request, reply) => {
    const answer = await contacts.confirmDeletion(request.params.token);
    reply.header('cache-control', 'no-store');
    return answer;
  });

  registerCall(app, contactAdminCalls.adminContacts, async (request) => contacts.list(request.query));

  registerCall(app, contactAdminCalls.exportContacts, async (request, reply) => {
    const csv = await contacts.exportCsv(request.query.q, request.query.language ?? requestLanguage(request), staffOf(request));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="contacts.csv"').send(csv);
  });

  registerCall(app, contactAdminCalls.adminContact, async (request) => contacts.describe(request.params.id));
};
