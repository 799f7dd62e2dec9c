import { z } from 'zod';
import { languages } from '../locales.ts';
import { isoDateTimeSchema } from './dates.ts';
import { formSubmissionSchema, roles, type FormSubmission } from './forms.ts';

/**
 * Payloads of the webinars: the public list and page with its sign-up form, and the back
 * office's webinar admin. Dates are ISO date-times (UTC, `…Z`).
 */

export const webinarLimits = {
  code: 64,
  title: 200,
  description: 5000,
  link: 500,
  /** A webinar lasts from a quarter of an hour to a working day. */
  durationMin: 15,
  durationMax: 480,
} as const;

/** Letters, digits and dashes only (the code appears in addresses and calendar files). */
const webinarCodePattern = /^[A-Za-z0-9-]+$/;

/** Which webinars the back office lists: the upcoming ones (default), the past ones, or all. */
export const webinarPeriods = ['UPCOMING', 'PAST', 'ALL'] as const;

export const webinarParams = z.object({ id: z.uuid() });

/** GET /webinars/?language=de-CH: the upcoming webinars held in that language (all languages without it). */
export const webinarListQuerySchema = z.object({ language: z.enum(languages).optional() });

/** A webinar as visitors see it. The join link is not public: it comes with the confirmation mail. */
export const publicWebinarSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  title: z.string(),
  language: z.enum(languages),
  startsAt: z.iso.datetime({ offset: true }),
  durationMinutes: z.number().int(),
  description: z.string(),
});
export type PublicWebinar = z.infer<typeof publicWebinarSchema>;

export const publicWebinarListSchema = z.array(publicWebinarSchema);

/**
 * POST /webinars/{id}/subscriptions: the shared form payload (first name, last name,
 * e-mail, company, role, newsletter opt-in, consent, captcha of the "other forms" family).
 * @alias
 */
export const webinarSubscriptionSchema = formSubmissionSchema;
export type WebinarSubscription = FormSubmission;

// ---- back office ----------------------------------------------------------------------

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/** POST /webinars/admin/ and PUT /webinars/admin/{id}: what staff enter. */
export const webinarInputSchema = z.object({
  code: trimmed(webinarLimits.code).regex(webinarCodePattern, { error: 'error.webinarCode' }),
  title: trimmed(webinarLimits.title),
  language: z.enum(languages, { error: 'error.invalidOption' }),
  startsAt: isoDateTimeSchema,
  durationMinutes: z.coerce.number<number | string>().int().min(webinarLimits.durationMin).max(webinarLimits.durationMax),
  description: trimmed(webinarLimits.description),
  link: trimmed(webinarLimits.link).pipe(z.url({ protocol: /^https$/, error: 'error.httpsLink' })),
});
export type WebinarInput = z.output<typeof webinarInputSchema>;

export const webinarAdminListQuerySchema = z.object({ period: z.enum(webinarPeriods).default('UPCOMING') });
export type WebinarAdminListQuery = z.output<typeof webinarAdminListQuerySchema>;

/**
 * DELETE /webinars/admin/{id}?subscribersInformed=true: a webinar with subscribers is only
 * deleted once staff confirm that its subscribers are told (they get a cancelled invitation).
 */
export const deleteWebinarQuerySchema = z.object({
  subscribersInformed: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

export const adminWebinarSchema = publicWebinarSchema.extend({
  link: z.string(),
  subscriberCount: z.number().int(),
});
export type AdminWebinar = z.infer<typeof adminWebinarSchema>;

/** UPCOMING soonest first; PAST and ALL latest first. */
export const adminWebinarListSchema = z.object({ results: z.array(adminWebinarSchema) });
export type AdminWebinarList = z.infer<typeof adminWebinarListSchema>;

const webinarSubscriberSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string(),
  company: z.string().nullable(),
  role: z.enum(roles).nullable(),
  language: z.enum(languages),
  subscribedAt: z.iso.datetime({ offset: true }),
});
export type WebinarSubscriber = z.infer<typeof webinarSubscriberSchema>;

/** GET /webinars/admin/{id}: the webinar with its subscribers, in order of sign-up. */
export const adminWebinarDetailSchema = adminWebinarSchema.extend({ subscribers: z.array(webinarSubscriberSchema) });
export type AdminWebinarDetail = z.infer<typeof adminWebinarDetailSchema>;

/** One line of the back office's start page: a coming webinar and how many signed up. */
export const nextWebinarSchema = adminWebinarSchema.pick({ id: true, code: true, title: true, language: true, startsAt: true, subscriberCount: true });
