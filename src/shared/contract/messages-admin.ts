import type { Calls } from '../contract.ts';
import { contactMessageSchema, messageListQuerySchema, messageListSchema, messageParams } from '../schemas/messages.ts';

/**
 * The back office's inbox of contact messages, staff only
 * (src/server/modules/messages/inbox.routes.ts). An unknown id answers 404.
 */
const tags = ['back office'];

export const messageAdminCalls = {
  adminMessages: {
    method: 'GET',
    path: '/messages/admin/',
    query: messageListQuerySchema,
    answer: messageListSchema,
    summary: 'One page of the inbox (INBOX, UNREAD or ARCHIVED), newest first, with the unread count',
    tags,
    staff: true,
    role: 'viewer',
  },
  adminMessage: {
    method: 'GET',
    path: '/messages/admin/:id',
    params: messageParams,
    answer: contactMessageSchema,
    summary: 'A whole message; reading it marks it read',
    tags,
    staff: true,
    role: 'viewer',
  },
  markMessageUnread: {
    method: 'POST',
    path: '/messages/admin/:id/unread',
    params: messageParams,
    answer: contactMessageSchema,
    summary: 'Marks a message unread',
    tags,
    staff: true,
    role: 'editor',
  },
  archiveMessage: {
    method: 'POST',
    path: '/messages/admin/:id/archive',
    params: messageParams,
    answer: contactMessageSchema,
    summary: 'Archives a message (out of the inbox)',
    tags,
    staff: true,
    role: 'editor',
  },
  unarchiveMessage: {
    method: 'POST',
    path: '/messages/admin/:id/unarchive',
    params: messageParams,
    answer: contactMessageSchema,
    summary: 'Moves an archived message back to the inbox',
    tags,
    staff: true,
    role: 'editor',
  },
} as const satisfies Calls;
