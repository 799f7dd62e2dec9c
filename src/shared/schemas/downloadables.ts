import { z } from 'zod';
import { languages } from '../locales.ts';
import { formSubmissionSchema, type FormSubmission } from './forms.ts';

/**
 * Payloads of the downloadable content (the free guide and other documents): the
 * description of an item and the request form that mails a signed download link.
 */

/** Codes are lower-case letters, digits and dashes (`guide`); they appear in addresses. */
export const downloadableParams = z.object({ code: z.string().regex(/^[a-z0-9-]{1,64}$/) });

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
