import { useQuery } from '@tanstack/react-query';
import { billingCalls } from '#shared/contract/billing.ts';
import { formatIsoDay } from '#shared/dates.ts';
import { formatMoney } from '#shared/money.ts';
import { InvoiceTable, invoicePeriod } from '#client/features/billing/invoice-table.tsx';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';

/** Where staff download one invoice of the order; a plain link (billingCalls.adminInvoicePdf). */
const pdfHref = (orderId: string, invoiceId: string) => `/api/orders/admin/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(invoiceId)}/pdf`;

/** An order's invoices on its back-office page: number (PDF), period, issue and due day, gross, paid, open, status, reminders. */
export function OrderInvoices({ orderId }: { orderId: string }) {
  const t = useT();
  const { language } = useLanguage();
  const query = useQuery(apiQuery(billingCalls.adminOrderInvoices, { params: { id: orderId } }));
  if (!query.data) return null;
  const { invoices, open, currency } = query.data;
  const day = (isoDay: string) => formatIsoDay(isoDay, language);
  return (
    <section className="admin-order__invoices" aria-labelledby="admin-order-invoices">
      <h2 id="admin-order-invoices">{t('adminBilling.invoices.title')}</h2>
      {invoices.length === 0 ? (
        <p className="admin-empty">{t('adminBilling.invoices.none')}</p>
      ) : (
        <InvoiceTable
          invoices={invoices}
          className="admin-table"
          numberHeader={t('adminBilling.invoices.number')}
          linkText={(invoice) => invoice.number}
          pdfHref={(invoice) => pdfHref(orderId, invoice.id)}
          columns={[
            {
              header: t('adminBilling.invoices.period'),
              cell: (invoice) => invoicePeriod(invoice, (from, to) => `${day(from)} – ${day(to)}`, t('adminBilling.invoices.first')),
            },
            { header: t('adminBilling.invoices.issuedOn'), cell: (invoice) => day(invoice.issuedOn) },
            { header: t('adminBilling.invoices.dueOn'), cell: (invoice) => day(invoice.dueOn) },
            { header: t('adminBilling.invoices.gross'), cell: (invoice) => formatMoney(invoice.gross, invoice.currency) },
            { header: t('adminBilling.invoices.open'), cell: (invoice) => formatMoney(invoice.open, invoice.currency) },
            {
              header: t('adminBilling.invoices.status'),
              cell: (invoice) =>
                t(`adminBilling.invoices.status.${invoice.status}`) +
                (invoice.remindersSent > 0 ? ` · ${t('adminBilling.invoices.reminders', { count: invoice.remindersSent })}` : ''),
            },
          ]}
        />
      )}
      <p data-testid="invoices-open">{t('adminBilling.invoices.openTotal', { amount: formatMoney(open, currency) })}</p>
    </section>
  );
}
