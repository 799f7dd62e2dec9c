import { formatMoneyWithCode } from '#shared/money.ts';
import type { InvoiceSummary } from '#shared/schemas/invoices.ts';

// The buyer's texts only (the app's catalogue): the back office's bundle, which shows InvoiceTable too, does not import this.
/**
 * A row's status for the buyer (tracking, account): its status, and a credit note's refund,
 * what was refunded and what is still to be (nothing when neither, as on an unpaid invoice).
 */
export function buyerStatusOf(invoice: InvoiceSummary, t: (key: `billing.invoices.${'refunded' | 'toRefund'}` | `billing.invoices.status.${InvoiceSummary['status']}`, values?: { amount: string }) => string): string {
  const amount = (value: number) => ({ amount: formatMoneyWithCode(value, invoice.currency) });
  return [
    t(`billing.invoices.status.${invoice.status}`),
    ...(invoice.refunded > 0 ? [t('billing.invoices.refunded', amount(invoice.refunded))] : []),
    ...(invoice.toRefund > 0 ? [t('billing.invoices.toRefund', amount(invoice.toRefund))] : []),
  ].join(' · ');
}
