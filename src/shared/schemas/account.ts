import { z } from 'zod';
import { languages } from '../locales.ts';
import { orderStatuses } from '../orders.ts';
import { addressSchema, companySchema, contactSchema, invoiceInfoSchema } from './checkout.ts';
import { email, formLimits, formMessagesResponseSchema } from './forms.ts';
import { orderInvoicesSchema } from './invoices.ts';
import { pendingSeatsSchema } from './seat-changes.ts';

/**
 * The buyer's account (docs/product/account.md): the sign-in link's request and the
 * orders of the signed-in address. Amounts in major units, days ISO (Europe/Zurich).
 */

/** POST /account/sign-in-link: the mail goes out in `language`. */
export const signInLinkRequestSchema = z.object({
  email,
  language: z.enum(languages),
  captchaSolution: z.string().min(1).max(formLimits.captchaSolution),
});
export type SignInLinkRequest = z.infer<typeof signInLinkRequestSchema>;

/** The same answer whatever the address: it says nothing about whether it has orders. */
export const signInLinkAnswerSchema = formMessagesResponseSchema;

const isoDate = z.iso.date();

/** A monthly plan of an order: its seats, its next renewal and the end of its minimum term. */
const accountPlanSchema = z.object({
  /** The seats of the plan's monthly lines. */
  seats: z.number().int(),
  /** The first day of the next month billed; null when the plan ends before it. */
  nextRenewalOn: isoDate.nullable(),
  /** What each month of the plan costs, net. */
  monthlyNet: z.number(),
  /** The last day of the minimum term (the plan can end after it). */
  minimumTermEndsOn: isoDate,
  /** The day a plan under notice ends; null without notice. */
  endsOn: isoDate.nullable(),
  /** A reduction of the seats waiting for the next period (docs/product/seat-changes.md); null without one. */
  pendingSeats: pendingSeatsSchema.nullable(),
});
export type AccountPlan = z.infer<typeof accountPlanSchema>;

/**
 * The billing details of an order for its future invoices: the company with its VAT id,
 * the billing address and the billing contact, whom invoices, reminders and notices go to
 * (docs/product/account.md). The buyer's reference and purchase order number stay as
 * saved: staff change those (the order page's references).
 */
export const billingDetailsSchema = invoiceInfoSchema.pick({ company: true, invoiceAddress: true, contact: true });
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** PUT /account/orders/{orderId}/billing-details: checked as the checkout checks them, VAT id included. */
export const billingDetailsChangeSchema = z.object({
  company: companySchema.pick({ name: true, vatNumber: true }),
  invoiceAddress: addressSchema,
  contact: contactSchema,
});
export type BillingDetailsChange = z.infer<typeof billingDetailsChangeSchema>;

const accountOrderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(orderStatuses),
  /** When the order was placed (ISO date-time). */
  orderedAt: z.string().nullable(),
  currency: z.string(),
  /** What the order's first invoice asks for, gross. */
  total: z.number(),
  /** Its invoices and credit notes with what is open, as the tracking page lists them; PDFs at `/api/orders/{id}/invoices/{invoiceId}/pdf`. */
  invoices: orderInvoicesSchema,
  /** Null unless the order holds a monthly plan that started. */
  plan: accountPlanSchema.nullable(),
  /** What its next invoice is issued to. */
  billing: billingDetailsSchema,
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

/** GET /account/orders: the address signed in and its orders, newest first. */
export const accountOrdersSchema = z.object({
  email: z.string(),
  orders: z.array(accountOrderSchema),
});
export type AccountOrders = z.infer<typeof accountOrdersSchema>;
