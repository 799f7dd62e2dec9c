import type { Calls } from '../contract.ts';
import { contactExportQuerySchema, contactListQuerySchema, contactListSchema, contactParams, contactRecordSchema } from '../schemas/contacts.ts';

/**
 * The back office's contacts, staff only (src/server/modules/contacts/contacts.routes.ts).
 * An unknown id answers 404.
 */
const tags = ['back office'];

export const contactAdminCalls = {
  adminContacts: {
    method: 'GET',
    path: '/contacts/admin/',
    query: contactListQuerySchema,
    answer: contactListSchema,
    summary: 'One page of the contacts whose name, e-mail address or company contains q (any case), newest first',
    tags,
    staff: true,
    role: 'viewer',
  },
  /** A CSV download, not JSON: a link. */
  exportContacts: {
    method: 'GET',
    path: '/contacts/admin/export.csv',
    query: contactExportQuerySchema,
    answer: { file: 'text/csv', description: 'A header row, then one row per contact' },
    summary: 'Every contact the search q finds as CSV (UTF-8 with BOM), the header in ?language=',
    tags,
    staff: true,
    role: 'viewer',
  },
  adminContact: {
    method: 'GET',
    path: '/contacts/admin/:id',
    params: contactParams,
    answer: contactRecordSchema,
    summary: 'A contact with everything stored about them: consents, messages, webinar sign-ups, newsletter subscription, orders by e-mail',
    tags,
    staff: true,
    role: 'viewer',
  },
} as const satisfies Calls;
