import { z } from 'zod';
import { isoDaySchema } from './dates.ts';
import { money, optionalText } from './orders-admin.ts';

/**
 * An order's invoices as the tracking page and the back office list them
 * (docs/product/billing.md): amounts in major units, days ISO (Europe/Zurich).
 */

/** ISSUED is a credit note's; an invoice credited in full is CANCELED. */
const invoiceStatuses = ['OPEN', 'PAID', 'OVERDUE', 'CANCELED', 'ISSUED'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

const isoDate = z.iso.date();

/**
 * One of an invoice's lines, as a credit note by seats names it: `lineId` is its position
 * on the invoice ("1", "2", …, the e-invoice's line id), `unitPrice` per seat (and month)
 * as printed, `total` what the invoice charges for it, `creditedSeats` what credit notes by
 * seats took off it so far.
 */
const invoiceLineSummarySchema = z.object({
  lineId: z.string(),
  title: z.string(),
  seats: z.number().int(),
  unitPrice: z.number(),
  total: z.number(),
  creditedSeats: z.number().int(),
});
export type InvoiceLineSummary = z.infer<typeof invoiceLineSummarySchema>;

const invoiceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: z.enum(['INVOICE', 'CREDIT_NOTE']),
  /** The month a renewal bills, both days included; null on the order's first invoice. */
  periodFirstDay: isoDate.nullable(),
  periodLastDay: isoDate.nullable(),
  issuedOn: isoDate,
  dueOn: isoDate,
  currency: z.string(),
  net: z.number(),
  vatAmount: z.number(),
  gross: z.number(),
  paid: z.number(),
  /** What credit notes took off it (0 on a credit note). */
  credited: z.number(),
  /** Refunded: an invoice's refunds paid out on its order, a credit note's refunds recorded against it. */
  refunded: z.number(),
  /** A credit note's: what is still to refund to the buyer (credit-note-refunds.ts); 0 on an invoice. */
  toRefund: z.number(),
  /** A credit note's: the number of the invoice it credits (null on an invoice). */
  credits: z.string().nullable(),
  /** What is still to pay on it (0 once paid or canceled). */
  open: z.number(),
  status: z.enum(invoiceStatuses),
  /** The reminders that went out for it (a level skipped during downtime is not counted). */
  remindersSent: z.number().int(),
  /** The VAT rate in percent (8.1), as on its PDF. */
  vatRate: z.number(),
  /** An invoice's lines, which a credit note by seats names; empty on a credit note. */
  lines: z.array(invoiceLineSummarySchema),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const orderInvoicesSchema = z.object({
  invoices: z.array(invoiceSummarySchema),
  /** The sum still to pay over every invoice, in the order's currency. */
  open: z.number(),
  currency: z.string(),
});
export type OrderInvoices = z.infer<typeof orderInvoicesSchema>;

export const invoiceParamsSchema = z.object({ orderId: z.uuid(), invoiceId: z.uuid() });
export const adminInvoiceParamsSchema = z.object({ id: z.uuid(), invoiceId: z.uuid() });
export const adminOrderIdParamsSchema = z.object({ id: z.uuid() });

/** Seats of one of the invoice's lines to credit (0: none of that line). */
const creditedLineSchema = z.object({
  lineId: z.string().trim().min(1).max(10),
  seats: z.number().int().min(0).max(100_000),
});

/**
 * POST /orders/admin/{id}/invoices/{invoiceId}/credit-notes: a credit note either of an
 * `amount` (gross) or of seats of the invoice's `lines`, with a reason; never more than the
 * invoice has not been credited, nor more seats than a line has left (the server checks both).
 */
export const creditNoteSchema = z
  .object({
    amount: money(0.01).optional(),
    lines: z.array(creditedLineSchema).max(100).optional(),
    reason: z.string().trim().min(1).max(1000),
  })
  .superRefine((body, ctx) => {
    if (body.amount === undefined && body.lines === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], input: undefined, message: 'error.creditNote.amountOrSeats' });
    }
    if (body.amount !== undefined && body.lines !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['lines'], input: body.lines, message: 'error.creditNote.amountOrSeats' });
    }
    if (body.lines !== undefined && body.amount === undefined && !body.lines.some((line) => line.seats > 0)) {
      ctx.addIssue({ code: 'custom', path: ['lines'], input: body.lines, message: 'error.creditNote.noSeats' });
    }
    const seen = new Set<string>();
    body.lines?.forEach((line, index) => {
      if (seen.has(line.lineId)) ctx.addIssue({ code: 'custom', path: ['lines', index, 'lineId'], input: line.lineId, message: 'error.creditNote.lineTwice' });
      seen.add(line.lineId);
    });
  });
export type CreditNoteInput = z.infer<typeof creditNoteSchema>;

/**
 * POST /orders/admin/{id}/invoices/{creditNoteId}/refunds: money paid back to the buyer
 * against a credit note, on `date` (not before the credit note, not in the future), at
 * most what it has left to refund (docs/decisions/067-credit-notes-by-seats.md).
 */
export const creditNoteRefundSchema = z.object({
  amount: money(0.01),
  date: isoDaySchema,
  note: optionalText(1000),
});
export type CreditNoteRefundInput = z.infer<typeof creditNoteRefundSchema>;

/** POST /orders/{id}/notice: nothing but the language of the page (the mail goes out in the order's). */
export const noticeRequestSchema = z.object({});
/** What the tracking page says of a notice: when it would take effect, and to whom the confirmation link went (masked). */
export const noticeAnswerSchema = z.object({ effectiveFrom: isoDate, sentTo: z.string() });

/** POST /orders/{id}/notice/confirmation */
export const noticeConfirmationSchema = z.object({ token: z.string().min(1).max(200) });
export const noticeConfirmedSchema = z.object({ terminatedFrom: isoDate });

/** GET /admin/billing: the renewals of the next 30 days, monthly recurring revenue per currency, overdue orders. */
export const billingOverviewSchema = z.object({
  upcomingRenewals: z.array(
    z.object({ orderId: z.uuid(), number: z.string(), company: z.string(), periodStart: isoDate, amount: z.number(), currency: z.string() }),
  ),
  /** Net per month of the plans running now, and of those running a month ago, per currency. */
  monthlyRecurringRevenue: z.array(z.object({ currency: z.string(), amount: z.number(), lastMonth: z.number(), change: z.number() })),
  overdueOrders: z.number().int(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;
