import type { Calls } from '../contract.ts';
import { contactFormSchema, formMessagesResponseSchema } from '../schemas/forms.ts';

/** The contact form (src/server/modules/messages/contact-form.routes.ts); its site key is `siteKeyCalls.contact` (contract/captcha.ts). */
export const contactFormCalls = {
  sendContactMessage: {
    method: 'POST',
    path: '/contact-form/',
    body: contactFormSchema,
    answer: formMessagesResponseSchema,
    summary: 'Sends a message to the chosen recipient; the sender gets an acknowledgement by e-mail',
    description: 'Needs a captcha solution of the `contact` site key (`GET /api/contact-form/site-key`).',
    // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
    rateLimit: 'mailForms',
  },
} as const satisfies Calls;
