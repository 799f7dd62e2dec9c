import type { Calls } from '../contract.ts';
import { languageQuerySchema } from '../schemas/common.ts';
import { downloadableParams, downloadableSchema, downloadLinkQuerySchema, downloadRequestSchema } from '../schemas/downloadables.ts';
import { formMessagesResponseSchema } from '../schemas/forms.ts';

/**
 * The downloadable content (docs/product/downloadables.md, src/server/modules/downloadables/downloadables.routes.ts):
 * one item's description and cover, the request form that mails a signed link (captcha
 * of the `forms` family), and the link itself, which answers the file or sends the
 * visitor to the item's page.
 */
const tags = ['downloadables'];

export const downloadableCalls = {
  downloadable: {
    method: 'GET',
    path: '/downloadables/by-code/:code',
    params: downloadableParams,
    query: languageQuerySchema,
    answer: downloadableSchema,
    summary: 'One downloadable item in a language (?language=, else the request language): title, description, cover address, page count',
    description: '404 for an unknown code.',
    tags,
  },
  /** A plain address, not a JSON call (`downloadableCoverPath` in src/shared/paths.ts). */
  cover: {
    method: 'GET',
    path: '/downloadables/by-code/:code/cover.svg',
    params: downloadableParams,
    query: languageQuerySchema,
    answer: { file: 'image/svg+xml', description: 'The cover (SVG)' },
    summary: 'The cover image of an item (SVG) in a language; cached by browsers for a day',
    tags,
  },
  requestDownload: {
    method: 'POST',
    path: '/downloadables/by-code/:code/subscriptions/',
    params: downloadableParams,
    body: downloadRequestSchema,
    answer: formMessagesResponseSchema,
    summary: 'Requests an item: a signed download link, valid 7 days, comes by e-mail in the visitor’s language',
    description:
      'Needs a captcha solution of the `forms` site key (`GET /api/captcha/site-key`). 404 for an unknown code. Records the person as a contact with a DATA_PRIVACY consent (source DOWNLOAD); `newsletterEnabled` starts the newsletter’s double opt-in.',
    tags,
    // Sends mail: limited per client address (MAIL_FORMS_PER_HOUR).
    rateLimit: 'mailForms',
  },
  /** The signed link of the download mail (`downloadableFilePath` in src/shared/paths.ts). */
  downloadFile: {
    method: 'GET',
    path: '/downloadables/by-code/:code/file',
    params: downloadableParams,
    query: downloadLinkQuerySchema,
    answer: { file: 'application/pdf', description: 'The file (PDF)' },
    redirectsOtherwise: 'The item’s page, `/app/downloadable-content/{code}/{language}?link=expired|invalid`, when the link is changed, expired or made for another item',
    summary: 'The link of the download mail: the file (PDF) when its signature is valid and not expired',
    description:
      'Query: `language`, `expires` (Unix seconds) and `signature` (HMAC-SHA256 with the server key over code, language and expiry). A changed, expired or foreign link is answered 303 to `/app/downloadable-content/{code}/{language}?link=expired|invalid`, the item’s page, which offers a fresh link.',
    tags,
  },
} as const satisfies Calls;
