import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import { messageAdminCalls } from '#shared/contract/messages-admin.ts';
import type { MessagesService } from './messages.service.ts';

export type InboxRoutesOptions = { messages: MessagesService };

/**
 * The back office's inbox of contact messages, staff only (src/shared/contract/messages-admin.ts):
 * each call needs a staff session (401) and, as every POST, the anti-forgery header. An
 * unknown id answers 404.
 */
export const inboxRoutes: FastifyPluginAsyncZod<InboxRoutesOptions> = async (app, options) => {
  const { messages } = options;

  registerCall(app, messageAdminCalls.adminMessages, async (request) => messages.list(request.query));
  registerCall(app, messageAdminCalls.adminMessage, async (request) => messages.read(request.params.id, staffOf(request)));
  registerCall(app, messageAdminCalls.markMessageUnread, async (request) => messages.markUnread(request.params.id, staffOf(request)));
  registerCall(app, messageAdminCalls.archiveMessage, async (request) => messages.setArchived(request.params.id, true, staffOf(request)));
  registerCall(app, messageAdminCalls.unarchiveMessage, async (request) => messages.setArchived(request.params.id, false, staffOf(request)));
};
