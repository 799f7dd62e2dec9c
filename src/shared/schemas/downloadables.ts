import { z } from 'zod';
import { languages } from '../locales.ts';
import { formSubmissionSchema, type FormSubmission } from './forms.ts';

/**
 * Payloads of the downloadable content (the free guide and other documents): the
 * description of an item and the request form that mails a signed download link.
 */

/** Codes are lower-case letters, digits and dashes (`guide`); they appear in addresses. */
const downloadableCodePattern = /^[a-z0-9-]{1,64}$/;

export const downloadableParams = z.object({ code: z.string().regex(downloadableCodePattern) });

/** GET /downloadables/by-code/{code}?language=: the item in that language. */
export const downloadableSchema = z.object({
  code: z.string(),
  language: z.enum(languages),
  title: z.string(),
  description: z.string(),
  /** Address of the cover image. */
  coverUrl: z.string(),
  /** Pages of the document in this language. */
  pageCount: z.number().int(),
});
export type Downloadable = z.infer<typeof downloadableSchema>;

/**
 * POST /downloadables/by-code/{code}/subscriptions/: the shared form payload (the "other
 * forms" captcha); the answer is the confirmation in both languages.
 * @alias
 */
export const downloadRequestSchema = formSubmissionSchema;
export type DownloadRequest = FormSubmission;

/** How many days the link of a download mail works. */
export const downloadLinkValidDays = 7;

/**
 * GET /downloadables/by-code/{code}/file: the signed link of the mail. Its parts are
 * taken as any text (up to a sane length): whatever is wrong with them, the visitor is
 * sent to the item's page with a notice, never shown an error body.
 */
export const downloadLinkQuerySchema = z.object({
  language: z.string().max(16).optional(),
  expires: z.string().max(16).optional(),
  signature: z.string().max(128).optional(),
});
export type DownloadLinkQuery = z.infer<typeof downloadLinkQuerySchema>;

/**
 * Why a download link was refused, as the `?link=` of the page it sends the visitor to:
 * `expired` (older than its 7 days) or `invalid` (incomplete, changed, or made for
 * another document or language).
 */
export const downloadLinkProblems = ['expired', 'invalid'] as const;
export type DownloadLinkProblem = (typeof downloadLinkProblems)[number];
