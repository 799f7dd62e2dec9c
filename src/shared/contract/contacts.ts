import type { Calls } from '../contract.ts';
import { formMessagesResponseSchema } from '../schemas/forms.ts';
import { tokenParams } from '../schemas/newsletter.ts';

/** The contacts module's public call (src/server/modules/contacts/contacts.routes.ts). */
export const contactCalls = {
  /**
   * The link of the deletion mail (its own token, asked for with `requestDeletion` of
   * contract/newsletter.ts): deletes the contact and anonymises their orders. A POST,
   * never a GET, so a mail scanner that follows the link deletes nothing; the page the
   * link opens makes this call. Unknown, expired or used token: 404.
   */
  confirmDeletion: {
    method: 'POST',
    path: '/people/deletions/:token',
    params: tokenParams,
    answer: formMessagesResponseSchema,
    summary: 'Deletes the person of a deletion link: the contact with everything that points to it, their orders anonymised',
  },
} as const satisfies Calls;
