import { z } from 'zod';
import type { Calls } from '../contract.ts';
import { languageQuerySchema } from '../schemas/common.ts';
import { formMessagesResponseSchema, newsletterSubscriptionSchema, newsletterTopicSchema } from '../schemas/forms.ts';
import { newsletterPreferencesSchema, newsletterPreferencesUpdateSchema, tokenParams, unsubscribeBodySchema } from '../schemas/newsletter.ts';
import { contactRecordSchema } from '../schemas/contacts.ts';

/**
 * The newsletter (docs/product/newsletter.md, src/server/modules/newsletter/newsletter.routes.ts):
 * the subscription form and its topics, and the preference centre's calls, keyed by the
 * token of a mail's link (404 when unknown or expired). None of them changes anything on
 * GET, since mail scanners open links.
 */
export const newsletterCalls = {
  newsletterTopics: {
    method: 'GET',
    path: '/newsletter/topics',
    query: languageQuerySchema,
    answer: z.array(newsletterTopicSchema),
    summary: 'The newsletter topics, titled in the request language',
  },
  subscribeToNewsletter: {
    method: 'POST',
    path: '/newsletter/',
    body: newsletterSubscriptionSchema,
    answer: formMessagesResponseSchema,
    summary: 'Asks for the newsletter: a mail with a confirmation link (or, to a subscriber, their preference link); the same answer either way',
    description: 'Needs a captcha solution of the `forms` site key (`GET /api/captcha/site-key`).',
    // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
    rateLimit: 'mailForms',
  },
  newsletterPreferences: {
    method: 'GET',
    path: '/newsletter/:token/',
    params: tokenParams,
    answer: newsletterPreferencesSchema,
    summary: "The subscriber's choices and status",
  },
  /** Saves the choices and confirms a pending subscription ("Confirm and save"). */
  saveNewsletterPreferences: {
    method: 'PUT',
    path: '/newsletter/:token/',
    params: tokenParams,
    body: newsletterPreferencesUpdateSchema,
    answer: newsletterPreferencesSchema,
    summary: 'Saves role, experience level, topics and language, and confirms a pending subscription',
  },
  /**
   * "Subscribe again" of the preference centre; with `?only=PENDING`, the confirmation of
   * the mail's link, which the page sends when it opens (a link scanner that only fetches
   * the address confirms nothing): it confirms a pending subscription and never changes a
   * confirmed or unsubscribed one.
   */
  confirmNewsletter: {
    method: 'POST',
    path: '/newsletter/:token/confirm',
    params: tokenParams,
    query: z.object({ only: z.enum(['PENDING']).optional() }),
    answer: newsletterPreferencesSchema,
    summary: 'Confirms the subscription (subscribes again after an unsubscription); with only=PENDING, confirms a pending subscription only',
  },
  /**
   * Also the List-Unsubscribe address of the mails: a mail program posts
   * `List-Unsubscribe=One-Click` as a form, without the visitor's cookies (RFC 8058), so
   * it is the one write without the anti-forgery header; the token in the address is
   * the credential, and it can do no more than unsubscribe its owner.
   */
  unsubscribeFromNewsletter: {
    method: 'POST',
    path: '/newsletter/:token/unsubscribe',
    params: tokenParams,
    body: unsubscribeBodySchema,
    answer: newsletterPreferencesSchema,
    summary: 'Unsubscribes; also the List-Unsubscribe address of the mails (one click, RFC 8058, no anti-forgery header needed)',
    description:
      'The preference centre posts it without a body; a mail program posts `List-Unsubscribe=One-Click` as `multipart/form-data` or `application/x-www-form-urlencoded` (at most 1 KB).',
    consumes: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'],
    xsrf: false,
  },
  /** The same address opened in a browser (someone follows the List-Unsubscribe link). */
  unsubscribePage: {
    method: 'GET',
    path: '/newsletter/:token/unsubscribe',
    params: tokenParams,
    answer: { redirect: 'The preference centre, at its Unsubscribe button' },
    summary: 'The one-click address opened in a browser: 303 to the preference centre at its Unsubscribe button; unsubscribes nobody',
  },
  /** A JSON download (Content-Disposition: attachment) of everything stored about the subscriber. */
  personalData: {
    method: 'GET',
    path: '/newsletter/:token/data',
    params: tokenParams,
    answer: contactRecordSchema,
    summary: 'Everything stored about the subscriber, as a JSON download',
  },
  requestDeletion: {
    method: 'POST',
    path: '/newsletter/:token/deletion',
    params: tokenParams,
    answer: formMessagesResponseSchema,
    summary: 'Sends the subscriber a mail with a link that confirms the deletion of their data (24 hours, once)',
    // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
    rateLimit: 'mailForms',
  },
} as const satisfies Calls;
