import { z } from 'zod';
import type { MessagesByLanguage } from '../i18n/catalogue.ts';
import { forEveryLanguage } from '../every-language.ts';
import { languages } from '../locales.ts';
import { formLimits, phoneNumberPattern, roles } from './limits.ts';

/**
 * The payload of the public forms and its rules (docs/product/forms.md). The
 * server validates with these schemas (as route schemas) and the shared form layout checks
 * the same ones before sending, so both say exactly the same thing.
 *
 * Optional fields accept '' (an untouched input or select) and null as "not given".
 * Where a text differs from what `fieldErrorsOf` derives on its own, the check names a
 * catalogue key as its message.
 *
 * Parse with `{ reportInput: true }` so that `fieldErrorsOf` can tell a missing value
 * from a wrong one (length errors with their limits).
 */

// ---- enumerations ---------------------------------------------------------------------

export const genders = ['MALE', 'FEMALE', 'OTHER'] as const;

export { roles };

export const experienceLevels = ['NONE', 'BEGINNER', 'INTERMEDIATE', 'EXPERT'] as const;

export const contactRecipients = [
  'MESSAGE_CENTRAL',
  'EDUCATION_EXPERT',
  'DATA_PRIVACY_OFFICER',
  'INFORMATION_SECURITY_OFFICER_SECURITY_ISSUES_ONLY',
] as const;

// ---- limits ---------------------------------------------------------------------------

export { formLimits };
const countryCodePattern = /^[A-Z]{2}$/;

// ---- building blocks ------------------------------------------------------------------

/** '' (also only spaces) and null count as "not given" for optional fields. */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
export const optionalEnum = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: 'error.invalidOption' }).optional());

export const email = z
  .string()
  .trim()
  .min(1)
  .max(formLimits.email)
  .pipe(z.email({ error: 'error.invalidEmail' }));

/** Ids of newsletter topics, as `GET /api/newsletter/topics` lists them. */
export const topicIdsSchema = z.array(z.string().trim().min(1).max(formLimits.topicId)).max(formLimits.topics);

/** The fields every public form may send. */
const formSubmissionShape = {
  firstName: requiredText(formLimits.name),
  lastName: optionalText(formLimits.name),
  email,
  captchaSolution: z.string().min(1).max(formLimits.captchaSolution),
  agreeWithDataPrivacy: z.literal(true, { error: 'error.consentRequired' }),
  preferredLanguage: z.enum(languages, { error: 'error.invalidOption' }).optional(),
  newsletterEnabled: z.boolean().optional(),
  phoneNumber: z.preprocess(
    blankToUndefined,
    z.string().trim().max(formLimits.phoneNumber).regex(phoneNumberPattern, { error: 'error.phoneFormat' }).optional(),
  ),
  /** ISO 3166-1 alpha-2 code of the phone number's country (`CH`), as `GET /api/country/` lists. */
  phoneCountryCode: z.preprocess(
    blankToUndefined,
    z.string().trim().toUpperCase().regex(countryCodePattern, { error: 'error.invalidOption' }).optional(),
  ),
  companyName: optionalText(formLimits.company),
  role: optionalEnum(roles),
  experienceLevel: optionalEnum(experienceLevels),
  /** Ids of newsletter topics; absent leaves a stored choice as it is, [] clears it. */
  topicIds: topicIdsSchema.optional(),
  gender: optionalEnum(genders),
};

/** A phone number means nothing without its country: both or neither. */
function phoneNeedsCountry(value: { phoneNumber?: string | undefined; phoneCountryCode?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.phoneNumber !== undefined && value.phoneCountryCode === undefined) {
    ctx.addIssue({ code: 'custom', path: ['phoneCountryCode'], input: value.phoneCountryCode, message: 'error.required' });
  }
}

export const formSubmissionSchema = z.object(formSubmissionShape).superRefine(phoneNeedsCountry);
/** What the server works with after parsing: trimmed, blanks removed. */
export type FormSubmission = z.output<typeof formSubmissionSchema>;

/**
 * `POST /api/newsletter/`: the form payload as it is.
 * @alias
 */
export const newsletterSubscriptionSchema = formSubmissionSchema;
export type NewsletterSubscription = FormSubmission;

/** The contact form adds its message, subject, recipient and company. */
export const contactFormSchema = z
  .object({
    ...formSubmissionShape,
    recipient: z.enum(contactRecipients, { error: 'error.invalidOption' }),
    subject: requiredText(formLimits.subject),
    message: z.string().trim().min(formLimits.messageMin).max(formLimits.messageMax),
    company: optionalText(formLimits.company),
  })
  .superRefine(phoneNeedsCountry);
/** `POST /api/contact-form/` as the server works with it: trimmed, blanks removed. */
export type ContactForm = z.output<typeof contactFormSchema>;

// ---- answers --------------------------------------------------------------------------

/** One newsletter topic as `GET /api/newsletter/topics` lists it, titled in the request language. */
export const newsletterTopicSchema = z.object({ id: z.string(), title: z.string() });
export type NewsletterTopic = z.infer<typeof newsletterTopicSchema>;

/** A text in every language of the product, as answers and error bodies carry it. */
export const messagesByLanguageSchema = z.object(forEveryLanguage(() => z.string())) satisfies z.ZodType<MessagesByLanguage>;

/** The answer of `POST /api/newsletter/`; messages[0] is the confirmation, in both languages. */
export const formMessagesResponseSchema = z.object({
  messages: z.array(z.object({ translations: messagesByLanguageSchema })).min(1),
});
export type FormMessagesResponse = z.infer<typeof formMessagesResponseSchema>;

/** The answer of `POST /api/orders/{id}/subscribe`: the confirmation and the cart's new state. */
export const saveCartAnswerSchema = formMessagesResponseSchema.extend({ isSubscribed: z.boolean() });
