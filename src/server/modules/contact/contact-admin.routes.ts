import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import { messageAdminCalls } from '#shared/contract/messages-admin.ts';
import type { ContactService } from './contact.service.ts';

export type ContactAdminRoutesOptions = { contact: ContactService };

/**
 * The back office's inbox of contact messages, staff only (src/shared/contract/messages-admin.ts):
 * each call needs a staff session (401) and, as every POST, the anti-forgery header. An
 * unknown id answers 404.
 */
export const contactAdminRoutes: FastifyPluginAsyncZod<ContactAdminRoutesOptions> = async (app, options) => {
  const { contact } = options;

  registerCall(app, messageAdminCalls.adminMessages, async (request) => contact.list(request.query));
  registerCall(app, messageAdminCalls.adminMessage, async (request) => contact.read(request.params.id, staffOf(request)));
  registerCall(app, messageAdminCalls.markMessageUnread, async (request) => contact.markUnread(request.params.id, staffOf(request)));
  registerCall(app, messageAdminCalls.archiveMessage, async (request) => contact.setArchived(request.params.id, true, staffOf(request)));
  registerCall(app, messageAdminCalls.unarchiveMessage, async (request) => contact.setArchived(request.params.id, false, staffOf(request)));
};
