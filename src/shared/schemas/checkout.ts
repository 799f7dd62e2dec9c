import { z } from 'zod';
import { languages } from '../locales.ts';
import { orderStatuses } from '../orders.ts';
import { postcodeProblem } from '../postcodes.ts';
import { cartItemSchema } from './cart.ts';
import { formLimits, phoneNumberPattern } from './limits.ts';
import { pendingSeatsSchema } from './seat-changes.ts';

/**
 * Checkout payloads. The checkout page saves the invoice
 * info step by step with PUT /orders/{id}/invoice-info; each section sent is checked in
 * full, sections not sent stay as saved. The checkout itself needs every section.
 */
export const checkoutSteps = ['invoiceInfo', 'address', 'billingAddress', 'contact', 'review', 'confirmation', 'thankYou'] as const;
/** The checkout step number: 0 = invoice info … 6 = thank-you. */
const stepNumber = z.number().int().min(0).max(checkoutSteps.length - 1);

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), z.string().trim().max(max).optional());
const countryCode = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: 'error.invalidOption' });

/** An address: street, additional line, zip, city, state, country, country code. */
export const addressSchema = z.object({
  street: text(100),
  additionalAddressLine: optionalText(100),
  zip: text(16),
  city: text(100),
  state: optionalText(100),
  /** The country's name as shown; filled by the server from the code when missing. */
  country: optionalText(100),
  countryCode,
}).superRefine((address, ctx) => {
  // The postcode is checked against the country's format, so the form and the server refuse the same ones.
  const problem = postcodeProblem(address.countryCode, address.zip);
  if (problem) ctx.addIssue({ code: 'custom', path: ['zip'], input: address.zip, message: 'error.postcode.format', params: problem });
});
export type Address = z.infer<typeof addressSchema>;

/** How long "Your reference" and the purchase order number may be (docs/product/invoices.md). */
export const invoiceReferenceMax = 50;

/**
 * Step "invoice info": who buys. The VAT number is required for EU countries (reverse
 * charge); its format depends on the invoice country, so it is checked with the address
 * (`vatNumberProblem` in vat-numbers.ts).
 */
export const companySchema = z.object({
  name: text(formLimits.company),
  vatNumber: optionalText(30),
  /** "Your reference" (BT-10 of the e-invoice): a cost centre, or a German buyer's Leitweg-ID, which XRechnung needs. */
  buyerReference: optionalText(invoiceReferenceMax),
  /** The buyer's purchase order number (BT-13). */
  purchaseOrderNumber: optionalText(invoiceReferenceMax),
});

export const contactSchema = z.object({
  firstName: text(formLimits.name),
  lastName: text(formLimits.name),
  email: z.string().trim().min(1).max(formLimits.email).pipe(z.email({ error: 'error.invalidEmail' })),
  phoneCountryCode: countryCode,
  phoneNumber: z.string().trim().min(1).max(formLimits.phoneNumber).regex(phoneNumberPattern, { error: 'error.phoneFormat' }),
});

/** PUT /orders/{id}/invoice-info */
export const invoiceInfoUpdateSchema = z.object({
  company: companySchema.optional(),
  address: addressSchema.optional(),
  /** false: bill to `invoiceAddress`; true (default): bill to `address`. */
  invoiceAddressSameAsAddress: z.boolean().optional(),
  invoiceAddress: addressSchema.optional(),
  contact: contactSchema.optional(),
  step: stepNumber.optional(),
});
export type InvoiceInfoUpdate = z.input<typeof invoiceInfoUpdateSchema>;

/** A saved address; a part not given yet is an empty string (the checkout's draft in the tab keeps it so too). */
export const emptyAddressSchema = z.object({
  street: z.string(),
  additionalAddressLine: z.string(),
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  countryCode: z.string(),
});

/** GET/PUT answer: what is saved so far; missing parts are empty. */
export const invoiceInfoSchema = z.object({
  company: z.object({ name: z.string(), vatNumber: z.string(), buyerReference: z.string(), purchaseOrderNumber: z.string() }),
  address: emptyAddressSchema,
  invoiceAddressSameAsAddress: z.boolean(),
  /** The invoice address; when none was given: empty values with the address's country. */
  invoiceAddress: emptyAddressSchema,
  contact: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phoneCountryCode: z.string(), phoneNumber: z.string() }),
  step: stepNumber,
  /** Whether the invoice country asks for a VAT number (EU: reverse charge). */
  vatNumberRequired: z.boolean(),
  complete: z.boolean(),
  /**
   * What the person who saved the cart by e-mail gave (name, e-mail, company, phone): the
   * checkout pre-fills the sections not saved yet with it. Absent when nobody saved the cart.
   */
  suggested: z
    .object({ companyName: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), phoneCountryCode: z.string(), phoneNumber: z.string() })
    .optional(),
});
export type InvoiceInfo = z.infer<typeof invoiceInfoSchema>;

export const legalTextsSchema = z.array(
  z.object({ id: z.enum(['terms', 'privacy']), title: z.string(), url: z.string(), summary: z.string() }),
);
export type LegalText = z.infer<typeof legalTextsSchema>[number];

/** POST /orders/{id}/checkout (docs/product/forms.md). */
export const checkoutSchema = z.object({
  agreeWithLegalTexts: z.literal(true, { error: 'error.checkout.agreeRequired' }),
  captchaSolution: z.string().min(1).max(formLimits.captchaSolution),
  language: z.enum(languages),
});

const vatKinds = ['SWISS_VAT', 'REVERSE_CHARGE', 'EXPORT'] as const;
export type VatKind = (typeof vatKinds)[number];

/**
 * What the order's invoice asks for (net, VAT, gross): the ONE_TIME lines and the first
 * month of the MONTHLY lines. `perMonth`: what each further month of the MONTHLY lines
 * costs, with the same VAT (null without a MONTHLY line). docs/product/money-and-vat.md.
 */
const orderTotalsSchema = z.object({
  net: z.number(),
  /** Percent, e.g. 8.1. */
  vatRate: z.number(),
  vatAmount: z.number(),
  gross: z.number(),
  vatKind: z.enum(vatKinds),
  perMonth: z.object({ net: z.number(), vatAmount: z.number(), gross: z.number() }).nullable(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/** GET /orders/{id}/detail: what the review, thank-you and tracking pages show. */
export const orderDetailSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: z.enum(orderStatuses),
  currency: z.string(),
  language: z.enum(languages),
  orderedAt: z.string().nullable(),
  items: z.array(cartItemSchema),
  totals: orderTotalsSchema,
  invoiceInfo: invoiceInfoSchema,
  details: z.object({ shoppingCart: z.boolean(), status: z.enum(orderStatuses) }),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** GET /orders/{id}/status-info: where the order is in its lifecycle, for tracking. */
export const statusInfoSchema = z.object({
  status: z.enum(orderStatuses),
  number: z.string().nullable(),
  /** The visitor-facing milestones in order, each reached or not, with when. */
  milestones: z.array(z.object({ id: z.enum(['ordered', 'inProgress', 'invoiced', 'paid', 'completed']), reached: z.boolean(), at: z.string().nullable() })),
  /** Set when the order left the normal path: CANCELED, TERMINATING, TERMINATED, ABANDONED. */
  exception: z.enum(orderStatuses).nullable(),
  /** The day a plan under notice ends (ISO date): the page names it wherever it speaks of the notice. */
  endsOn: z.iso.date().nullable(),
  /** A reduction of a plan's seats waiting for the next period (docs/product/seat-changes.md). */
  pendingSeats: pendingSeatsSchema.nullable().optional(),
});
export type StatusInfo = z.infer<typeof statusInfoSchema>;
