import type { Currency } from '#shared/locales.ts';
import { moneyOfMajor, shareOfMoney, type Money } from '#shared/money.ts';
import type { InvoiceSummary } from '#shared/schemas/invoices.ts';
import { creditNoteAmounts, creditNoteOfLines } from '#shared/vat.ts';

/**
 * What a credit note would take off, before it is issued (the dialog's preview), by the
 * same VAT functions as the server (src/server/modules/invoices/credit-note-records.ts).
 * The server also bounds it by the net and VAT earlier credit notes left on the invoice,
 * which the summary does not carry: the last credit note of an invoice may differ here by
 * a cent between net and VAT. Undefined while there is nothing to credit.
 */
export function creditNotePreview(invoice: InvoiceSummary, request: { amount: number } | { seats: readonly number[] }): { net: Money; vat: Money; gross: Money } | undefined {
  const currency = invoice.currency as Currency;
  const major = (amount: number) => moneyOfMajor(amount, currency);
  const whole = { net: major(invoice.net), vat: major(invoice.vatAmount) };
  if ('amount' in request) return request.amount > 0 ? creditNoteAmounts(major(request.amount), invoice.vatRate, whole) : undefined;
  const nets = invoice.lines.map((line, index) => (line.seats > 0 ? shareOfMoney(major(line.total), request.seats[index] ?? 0, line.seats) : major(0)));
  return nets.some((net) => net.minor > 0) ? creditNoteOfLines(nets, currency, invoice.vatRate, whole) : undefined;
}
