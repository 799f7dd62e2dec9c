import { z } from 'zod';
import { languages } from '../locales.ts';
import { newsletterStatuses } from './newsletter.ts';

/**
 * Payloads about people (docs/product/contacts.md): everything stored about a contact (the
 * person's own download and the back office's contact record), and the back office's list
 * of contacts. Dates are ISO date-times. Stored texts are given as they are stored (null
 * when not given).
 */

const isoDateTime = z.string();

const contactListLimits = { defaultPageSize: 20, maxPageSize: 100, query: 200 } as const;

/** A whole number in a query string (`?page=2`), or given as a number. */
const queryInteger = (max: number, fallback: number) => z.coerce.number<number | string>().int().min(1).max(max).default(fallback);

/** GET /contacts/admin/?q=&page=1&pageSize=20: `q` is part of a name, the e-mail address or the company, any case. */
export const contactListQuerySchema = z.object({
  q: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().max(contactListLimits.query).optional()),
  page: queryInteger(1_000_000, 1),
  pageSize: queryInteger(contactListLimits.maxPageSize, contactListLimits.defaultPageSize),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

/** GET /contacts/admin/export.csv?q=&language=: every contact the search finds, the header in `language`. */
export const contactExportQuerySchema = z.object({
  q: contactListQuerySchema.shape.q,
  language: z.enum(languages).optional(),
});

export const contactParams = z.object({ id: z.uuid() });

/** One row of the list. */
const contactListRowSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  /** First and last name, as far as known. */
  name: z.string(),
  companyName: z.string().nullable(),
  preferredLanguage: z.string().nullable(),
  newsletterStatus: z.enum(newsletterStatuses).nullable(),
  createdAt: isoDateTime,
});

export const contactListSchema = z.object({
  results: z.array(contactListRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalResults: z.number().int(),
  totalPages: z.number().int(),
});
export type ContactList = z.infer<typeof contactListSchema>;

const contactSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  gender: z.string().nullable(),
  companyName: z.string().nullable(),
  phoneCountryCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.string().nullable(),
  experienceLevel: z.string().nullable(),
  preferredLanguage: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** A consent row: what was agreed to or withdrawn (`granted: false`), in which wording, where and when. */
const consentSchema = z.object({
  subject: z.string(),
  granted: z.boolean(),
  textVersion: z.string(),
  language: z.string(),
  source: z.string(),
  createdAt: isoDateTime,
});

/** A message of the contact form, as received. */
const personMessageSchema = z.object({
  id: z.uuid(),
  receivedAt: isoDateTime,
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string(),
  phoneCountryCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  company: z.string().nullable(),
  recipient: z.string(),
  subject: z.string(),
  message: z.string(),
  language: z.string(),
});

const personWebinarSchema = z.object({
  id: z.uuid(),
  subscribedAt: isoDateTime,
  language: z.string(),
  webinar: z.object({ id: z.uuid(), code: z.string(), title: z.string(), startsAt: isoDateTime }),
});

const personSubscriptionSchema = z.object({
  status: z.enum(newsletterStatuses),
  topicIds: z.array(z.string()),
  source: z.string(),
  requestedAt: isoDateTime,
  confirmedAt: isoDateTime.nullable(),
  unsubscribedAt: isoDateTime.nullable(),
});

/** How an order names the person: they saved its cart by e-mail, or they are its buyer's contact. */
const orderLinks = ['SAVE_CART', 'CHECKOUT'] as const;

/** An order found by the e-mail address, with the personal data it holds, as stored. */
const personOrderSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: z.string(),
  currency: z.string(),
  createdAt: isoDateTime,
  orderedAt: isoDateTime.nullable(),
  linkedBy: z.array(z.enum(orderLinks)),
  /** What the save-cart form stored (names, company, phone, choices). */
  savedCartBy: z.record(z.string(), z.unknown()).nullable(),
  /** The buyer's company, addresses and contact as the checkout stored them. */
  invoiceInfo: z.record(z.string(), z.unknown()).nullable(),
});

/**
 * Everything stored about a contact: GET /newsletter/{token}/data (the person's own
 * download) and GET /contacts/admin/{id} (the back office's contact record).
 */
export const contactRecordSchema = z.object({
  contact: contactSchema,
  consents: z.array(consentSchema),
  newsletterSubscription: personSubscriptionSchema.nullable(),
  contactMessages: z.array(personMessageSchema),
  webinarSubscriptions: z.array(personWebinarSchema),
  orders: z.array(personOrderSchema),
});
export type ContactRecord = z.infer<typeof contactRecordSchema>;
