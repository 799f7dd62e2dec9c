import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageSchema, messageListQuerySchema, messageListSchema, messageParams } from '#shared/schemas/messages.ts';
import type { ContactService } from './contact.service.ts';

export type ContactAdminRoutesOptions = { contact: ContactService };

/**
 * The back office's inbox of contact messages, staff only: registered with
 * `registerStaffRoutes`, so each call needs a staff session (401) and, as every POST, the
 * anti-forgery header. An unknown id answers 404.
 */
export const contactAdminRoutes: FastifyPluginAsyncZod<ContactAdminRoutesOptions> = async (app, options) => {
  const { contact } = options;
  const tags = ['back office'];
  const answer = { 200: contactMessageSchema };

  app.get(
    '/api/messages/admin/',
    {
      schema: {
        tags,
        summary: 'One page of the inbox (INBOX, UNREAD or ARCHIVED), newest first, with the unread count',
        querystring: messageListQuerySchema,
        response: { 200: messageListSchema },
      },
    },
    async (request) => contact.list(request.query),
  );

  app.get(
    '/api/messages/admin/:id',
    { schema: { tags, summary: 'A whole message; reading it marks it read', params: messageParams, response: answer } },
    async (request) => contact.read(request.params.id),
  );

  app.post(
    '/api/messages/admin/:id/unread',
    { schema: { tags, summary: 'Marks a message unread', params: messageParams, response: answer } },
    async (request) => contact.markUnread(request.params.id),
  );

  app.post(
    '/api/messages/admin/:id/archive',
    { schema: { tags, summary: 'Archives a message (out of the inbox)', params: messageParams, response: answer } },
    async (request) => contact.setArchived(request.params.id, true),
  );

  app.post(
    '/api/messages/admin/:id/unarchive',
    { schema: { tags, summary: 'Moves an archived message back to the inbox', params: messageParams, response: answer } },
    async (request) => contact.setArchived(request.params.id, false),
  );
};
