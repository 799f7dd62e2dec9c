import { noContent, type Calls } from '../contract.ts';
import { languageQuerySchema } from '../schemas/common.ts';
import {
  adminWebinarDetailSchema,
  adminWebinarListSchema,
  adminWebinarSchema,
  deleteWebinarQuerySchema,
  webinarAdminListQuerySchema,
  webinarInputSchema,
  webinarParams,
} from '../schemas/webinars.ts';

/**
 * The back office's webinar admin, staff only (src/server/modules/webinars/webinars-admin.routes.ts).
 * An unknown or deleted webinar answers 404. Its paths are static below
 * `/webinars/admin/`, which the router prefers to the public `/webinars/:id`.
 */
const tags = ['back office'];

export const webinarAdminCalls = {
  adminWebinars: {
    method: 'GET',
    path: '/webinars/admin/',
    query: webinarAdminListQuerySchema,
    answer: adminWebinarListSchema,
    summary: 'The webinars of a period (UPCOMING soonest first; PAST, ALL latest first) with their subscriber counts',
    tags,
    staff: true,
    role: 'viewer',
  },
  createWebinar: {
    method: 'POST',
    path: '/webinars/admin/',
    body: webinarInputSchema,
    answer: adminWebinarSchema,
    summary: 'Creates a webinar: a free code, a start in the future',
    tags,
    staff: true,
    role: 'editor',
  },
  adminWebinar: {
    method: 'GET',
    path: '/webinars/admin/:id',
    params: webinarParams,
    answer: adminWebinarDetailSchema,
    summary: 'A webinar with its subscribers, in order of sign-up',
    tags,
    staff: true,
    role: 'viewer',
  },
  updateWebinar: {
    method: 'PUT',
    path: '/webinars/admin/:id',
    params: webinarParams,
    body: webinarInputSchema,
    answer: adminWebinarSchema,
    summary: 'Changes a webinar; a new start, duration, title or link sends the subscribers the changed calendar entry',
    tags,
    staff: true,
    role: 'editor',
  },
  deleteWebinar: {
    method: 'DELETE',
    path: '/webinars/admin/:id',
    params: webinarParams,
    query: deleteWebinarQuerySchema,
    answer: noContent,
    summary: 'Deletes a webinar; with subscribers only with ?subscribersInformed=true, and they get the cancelled calendar entry',
    tags,
    staff: true,
    role: 'editor',
    // 409 while it has subscribers and ?subscribersInformed=true is missing.
    refusals: ['conflict'],
  },
  /** A CSV download, not JSON: a link. */
  exportWebinarSubscribers: {
    method: 'GET',
    path: '/webinars/admin/:id/subscribers.csv',
    params: webinarParams,
    query: languageQuerySchema,
    answer: { file: 'text/csv', description: 'A header row, then one row per subscriber' },
    summary: "The webinar's subscribers as CSV (UTF-8 with BOM), the header in ?language=",
    tags,
    staff: true,
    role: 'viewer',
  },
} as const satisfies Calls;
