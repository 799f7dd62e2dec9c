import { z } from 'zod';
import { languages } from '../locales.ts';
import { experienceLevels, optionalEnum, roles, topicIdsSchema } from './forms.ts';

/**
 * Payloads of the newsletter's preference centre (docs/product/newsletter.md). The
 * subscription form itself sends the shared form payload (`newsletterSubscriptionSchema`
 * in forms.ts). Every call here is keyed by the token of a link the subscriber got by
 * mail; an unknown or expired token answers 404.
 */

/** PENDING: asked for, not yet confirmed (receives nothing); CONFIRMED: receives the newsletter; UNSUBSCRIBED. */
export const newsletterStatuses = ['PENDING', 'CONFIRMED', 'UNSUBSCRIBED'] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

/** The token of a link, as it stands in the address; its check is the lookup (404 when unknown, whatever its form). */
export const tokenParams = z.object({ token: z.string() });

/** GET /newsletter/{token}/ and the answer of every change: the subscriber's choices. */
export const newsletterPreferencesSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  status: z.enum(newsletterStatuses),
  role: z.enum(roles).nullable(),
  experienceLevel: z.enum(experienceLevels).nullable(),
  topicIds: z.array(z.string()),
  /** The language the newsletter and the mails are written in (every form's `preferredLanguage`). */
  preferredLanguage: z.enum(languages),
  /** The same, under the name this call used first; kept for callers that read it. */
  language: z.enum(languages),
});
export type NewsletterPreferences = z.infer<typeof newsletterPreferencesSchema>;

/**
 * PUT /newsletter/{token}/: replaces the four choices (an empty or missing role or
 * experience level clears it); it also confirms a pending subscription ("Confirm and
 * save"). Topic ids must exist (`topicIds.N` `invalidOption`).
 */
export const newsletterPreferencesUpdateSchema = z
  .object({
    role: optionalEnum(roles),
    experienceLevel: optionalEnum(experienceLevels),
    topicIds: topicIdsSchema,
    /** Every form's word for the mails' language. */
    preferredLanguage: z.enum(languages, { error: 'error.invalidOption' }).optional(),
    /** The name this call took first: still accepted when `preferredLanguage` is not sent. */
    language: z.enum(languages, { error: 'error.invalidOption' }).optional(),
  })
  .superRefine((update, context) => {
    if (!update.preferredLanguage && !update.language) context.addIssue({ code: 'custom', path: ['preferredLanguage'], input: update.preferredLanguage, message: 'error.required' });
  })
  .transform(({ language, preferredLanguage, ...choices }) => ({ ...choices, preferredLanguage: (preferredLanguage ?? language)! }));
export type NewsletterPreferencesUpdate = z.output<typeof newsletterPreferencesUpdateSchema>;

/**
 * POST /newsletter/{token}/unsubscribe: no body from the preference centre; a mail
 * program's one-click unsubscribe (RFC 8058) sends the form body `List-Unsubscribe=One-Click`.
 */
export const unsubscribeBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).nullish();
