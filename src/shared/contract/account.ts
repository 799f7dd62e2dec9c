import type { Calls } from '../contract.ts';
import { noContent } from '../contract.ts';
import { accountOrdersSchema, signInLinkAnswerSchema, signInLinkRequestSchema } from '../schemas/account.ts';

/**
 * The buyer's account (src/server/modules/account/account.routes.ts, docs/product/account.md):
 * a sign-in link by e-mail, the orders of the signed-in address, sign-out. The link of the
 * mail, `/app/account/sign-in/{token}`, is an address of the app the account's routes
 * answer (a redirect, not an API call; docs/decisions/070-buyer-account.md).
 */
const tags = ['account'];

export const accountCalls = {
  requestSignInLink: {
    method: 'POST',
    path: '/account/sign-in-link',
    body: signInLinkRequestSchema,
    answer: signInLinkAnswerSchema,
    status: 202,
    summary: 'Mails a sign-in link to the address when it has orders; answers the same whatever the address',
    description:
      'Needs a captcha solution of the `forms` site key (`GET /api/captcha/site-key`). Always 202 with the same message, so the answer tells nobody whether the address has orders. When orders name it (as their contact at checkout, whom their invoices go to), a link valid 30 minutes and usable once goes to it in `language`.',
    tags,
    // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
    rateLimit: 'mailForms',
  },
  accountOrders: {
    method: 'GET',
    path: '/account/orders',
    answer: accountOrdersSchema,
    summary: 'The orders of the signed-in address, newest first, with their invoices, what is open and their monthly plans',
    description: 'Needs the `account_session` cookie of a sign-in link; 401 without it.',
    tags,
    refusals: ['unauthorized'],
  },
  signOut: {
    method: 'POST',
    path: '/account/sign-out',
    answer: noContent,
    summary: 'Ends the account session of the request (if any) and clears its cookie',
    tags,
  },
} as const satisfies Calls;
