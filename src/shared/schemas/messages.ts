import { z } from 'zod';
import { languages } from '../locales.ts';
import { contactRecipients } from './forms.ts';

/**
 * Payloads of the back office's inbox: the messages sent with the contact form
 * (`POST /api/contact-form/`, payload `contactFormSchema` in forms.ts). Dates are ISO
 * date-times.
 */

/**
 * The inbox's views: INBOX the messages not archived (the default), UNREAD the unread
 * ones among them, ARCHIVED the archived ones.
 */
export const messageFilters = ['INBOX', 'UNREAD', 'ARCHIVED'] as const;
export type MessageFilter = (typeof messageFilters)[number];

export const messageListLimits = { defaultPageSize: 20, maxPageSize: 100, previewLength: 140 } as const;

/** A whole number in a query string (`?page=2`), or given as a number. */
const queryInteger = (max: number, fallback: number) => z.coerce.number<number | string>().int().min(1).max(max).default(fallback);

/** GET /messages/admin/?status=INBOX&page=1&pageSize=20 */
export const messageListQuerySchema = z.object({
  status: z.enum(messageFilters).default('INBOX'),
  page: queryInteger(1_000_000, 1),
  pageSize: queryInteger(messageListLimits.maxPageSize, messageListLimits.defaultPageSize),
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

export const messageParams = z.object({ id: z.uuid() });

const isoDateTime = z.string();

/** One row of the list; `preview` is the start of the text (at most 140 characters). */
const messageListRowSchema = z.object({
  id: z.uuid(),
  receivedAt: isoDateTime,
  /** First and last name. */
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  recipient: z.enum(contactRecipients),
  subject: z.string(),
  preview: z.string(),
  read: z.boolean(),
  archived: z.boolean(),
});

/** The list's answer: one page, newest first, and the number of unread messages in the inbox. */
export const messageListSchema = z.object({
  results: z.array(messageListRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalResults: z.number().int(),
  totalPages: z.number().int(),
  /** Unread messages that are not archived, whatever the view. */
  unreadCount: z.number().int(),
});
export type MessageList = z.infer<typeof messageListSchema>;

/** GET /messages/admin/{id} and the answer of every change: the whole message. */
export const contactMessageSchema = z.object({
  id: z.uuid(),
  receivedAt: isoDateTime,
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string(),
  phoneCountryCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  company: z.string().nullable(),
  recipient: z.enum(contactRecipients),
  subject: z.string(),
  message: z.string(),
  /** The sender's language: their acknowledgement was written in it. */
  language: z.enum(languages),
  readAt: isoDateTime.nullable(),
  archivedAt: isoDateTime.nullable(),
  read: z.boolean(),
  archived: z.boolean(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
