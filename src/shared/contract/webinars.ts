import type { Calls } from '../contract.ts';
import { formMessagesResponseSchema } from '../schemas/forms.ts';
import { publicWebinarListSchema, publicWebinarSchema, webinarListQuerySchema, webinarParams, webinarSubscriptionSchema } from '../schemas/webinars.ts';

/**
 * The public webinar calls (src/server/modules/webinars/webinars.routes.ts): the list of
 * upcoming webinars, one webinar, and the sign-up. The join link is in none of the
 * answers: it comes with the confirmation mail.
 */
const tags = ['webinars'];

export const webinarCalls = {
  webinars: {
    method: 'GET',
    path: '/webinars/',
    query: webinarListQuerySchema,
    answer: publicWebinarListSchema,
    summary: 'The upcoming webinars (not started yet), soonest first; in one language with ?language=',
    tags,
  },
  webinar: {
    method: 'GET',
    path: '/webinars/:id',
    params: webinarParams,
    answer: publicWebinarSchema,
    summary: 'One webinar, also one that has taken place; 404 when unknown or deleted',
    tags,
  },
  subscribeToWebinar: {
    method: 'POST',
    path: '/webinars/:id/subscriptions',
    params: webinarParams,
    body: webinarSubscriptionSchema,
    answer: formMessagesResponseSchema,
    summary: 'Signs up for a webinar; the confirmation with the link to join and a calendar entry comes by e-mail',
    description:
      'Needs a captcha solution of the `forms` site key (`GET /api/captcha/site-key`). 404 for an unknown or deleted webinar, 409 once it has started. Signing up again keeps the one sign-up and sends the confirmation again.',
    tags,
    // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
    rateLimit: 'mailForms',
    // 409 once the webinar has started.
    refusals: ['conflict'],
  },
} as const satisfies Calls;
