import { z } from 'zod';
import { forEveryLanguage } from '../every-language.ts';
import { languages } from '../locales.ts';
import { isoDateTimeSchema } from './dates.ts';
import { experienceLevels, roles, topicIdsSchema } from './forms.ts';

/**
 * Payloads of the newsletter issues written in the back office
 * (docs/product/newsletter.md#issues-from-the-back-office): per language a subject, a
 * preheader and a body in the issue Markdown, a segment, and the sending. Dates are ISO
 * date-times (UTC, `…Z`).
 */

export const issueLimits = {
  subject: 150,
  preheader: 200,
  body: 50_000,
  /** An uploaded image, in bytes. */
  imageBytes: 2 * 1024 * 1024,
} as const;

const issueStatuses = ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT'] as const;
export type IssueStatus = (typeof issueStatuses)[number];

export const issueParams = z.object({ id: z.uuid() });
export const imageParams = z.object({ id: z.uuid() });
export const issueEditionParams = z.object({ id: z.uuid(), language: z.enum(languages) });

/** One language's edition as staff type it: empty texts are allowed for a language the segment does not reach. */
const editionInputSchema = z.object({
  subject: z.string().trim().max(issueLimits.subject),
  preheader: z.string().trim().max(issueLimits.preheader),
  body: z.string().trim().max(issueLimits.body),
});
export type IssueEdition = z.output<typeof editionInputSchema>;

/** An edition for every language of the list (src/shared/locales.ts). */
const editionsSchema = z.object(forEveryLanguage(() => editionInputSchema));

/**
 * Who an issue goes to: confirmed subscribers of one of `languages` (a contact without a
 * language counts as en-US) and, for each list that is not empty, with one of its roles,
 * one of its experience levels, one of its topics. An empty list does not narrow.
 */
export const segmentSchema = z.object({
  languages: z.array(z.enum(languages, { error: 'error.invalidOption' })).min(1, { error: 'error.issueLanguage' }),
  roles: z.array(z.enum(roles, { error: 'error.invalidOption' })).max(roles.length),
  experienceLevels: z.array(z.enum(experienceLevels, { error: 'error.invalidOption' })).max(experienceLevels.length),
  topicIds: topicIdsSchema,
});
export type Segment = z.output<typeof segmentSchema>;

/**
 * POST /newsletter/admin/issues/ and PUT …/{id}: the editions of every language and the
 * segment. Each language the segment reaches needs its subject and body.
 */
export const issueInputSchema = z
  .object({
    editions: editionsSchema,
    segment: segmentSchema,
  })
  .superRefine((input, context) => {
    for (const language of new Set(input.segment.languages)) {
      for (const field of ['subject', 'body'] as const) {
        if (input.editions[language][field] === '') context.addIssue({ code: 'custom', path: ['editions', language, field], input: '', message: 'error.required' });
      }
    }
  });
export type IssueInput = z.output<typeof issueInputSchema>;

/** POST /newsletter/admin/segment-count: how many confirmed subscribers a segment reaches now. */
export const segmentCountSchema = z.object({ recipients: z.number().int() });

/** POST /newsletter/admin/issues/{id}/sending: now (no `sendAt`), or at a time in the future. */
export const issueSendingSchema = z.object({
  sendAt: isoDateTimeSchema.optional(),
});

/** How an issue's sending stands: its recipients, and of them how many mails went out, failed, were skipped, unsubscribed since. */
const issueStatsSchema = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  unsubscribedSince: z.number().int(),
});

export const issueSchema = z.object({
  id: z.uuid(),
  status: z.enum(issueStatuses),
  editions: editionsSchema,
  segment: segmentSchema,
  sendAt: z.iso.datetime({ offset: true }).nullable(),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  createdBy: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  stats: issueStatsSchema,
});
export type Issue = z.infer<typeof issueSchema>;

export const issueListSchema = z.object({ issues: z.array(issueSchema) });

/** GET /newsletter/admin/issues/{id}/preview: each edition the segment reaches, as the mail shows it. */
export const issuePreviewSchema = z.object({
  editions: z.array(z.object({ language: z.enum(languages), subject: z.string(), preheader: z.string(), html: z.string(), text: z.string() })),
});
export type IssuePreview = z.infer<typeof issuePreviewSchema>;

/** POST /newsletter/admin/images: an image as base64 (PNG, JPEG, GIF or WebP, at most 2 MB). */
export const imageUploadSchema = z.object({
  content: z.base64({ error: 'error.imageFile' }).max(Math.ceil((issueLimits.imageBytes * 4) / 3) + 4, { error: 'error.imageTooLarge' }),
});
/** The stored image: where it is served, for the Markdown `![text](url)`. */
export const imageUploadedSchema = z.object({ id: z.uuid(), url: z.string() });
