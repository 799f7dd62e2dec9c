import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { billingCalls } from '#shared/contract/billing.ts';
import { formatDate } from '#shared/dates.ts';
import { formatMoney } from '#shared/money.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import type { InvoiceSummary } from '#shared/schemas/invoices.ts';
import { useCan } from '../../staff.ts';
import { CreditNoteDialog } from './credit-note-dialog.tsx';

/** Where staff download one invoice of the order; a plain link (billingCalls.adminInvoicePdf). */
const pdfHref = (orderId: string, invoiceId: string) => `/api/orders/admin/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(invoiceId)}/pdf`;

/**
 * An order's invoices and credit notes on its back-office page: number (PDF), period (a
 * credit note: the invoice it credits), issue and due day, gross, open, status, reminders;
 * editors issue a credit note for an invoice not credited in full.
 */
export function OrderInvoices({ orderId }: { orderId: string }) {
  const t = useT();
  const { language } = useLanguage();
  const canEdit = useCan('editor');
  const [crediting, setCrediting] = useState<InvoiceSummary>();
  const [credited, setCredited] = useState(false);
  const query = useQuery(apiQuery(billingCalls.adminOrderInvoices, { params: { id: orderId } }));
  if (!query.data) return null;
  const { invoices, open, currency } = query.data;
  const day = (isoDay: string) => formatDate(new Date(`${isoDay}T12:00:00Z`), language);
  return (
    <section className="admin-order__invoices" aria-labelledby="admin-order-invoices">
      <h2 id="admin-order-invoices">{t('adminBilling.invoices.title')}</h2>
      {invoices.length === 0 ? (
        <p className="admin-empty">{t('adminBilling.invoices.none')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('adminBilling.invoices.number')}</th>
              <th scope="col">{t('adminBilling.invoices.period')}</th>
              <th scope="col">{t('adminBilling.invoices.issuedOn')}</th>
              <th scope="col">{t('adminBilling.invoices.dueOn')}</th>
              <th scope="col">{t('adminBilling.invoices.gross')}</th>
              <th scope="col">{t('adminBilling.invoices.open')}</th>
              <th scope="col">{t('adminBilling.invoices.status')}</th>
              {canEdit && (
                <th scope="col">
                  <span className="visually-hidden">{t('adminBilling.creditNote.open')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id}>
                <th scope="row">
                  <a href={pdfHref(orderId, invoice.id)} type="application/pdf">
                    {invoice.number}
                  </a>
                </th>
                <td>
                  {invoice.credits
                    ? t('adminBilling.invoices.creditsInvoice', { number: invoice.credits })
                    : invoice.periodFirstDay && invoice.periodLastDay
                      ? `${day(invoice.periodFirstDay)} – ${day(invoice.periodLastDay)}`
                      : t('adminBilling.invoices.first')}
                </td>
                <td>{day(invoice.issuedOn)}</td>
                <td>{day(invoice.dueOn)}</td>
                <td>{formatMoney(invoice.gross, invoice.currency)}</td>
                <td>{formatMoney(invoice.open, invoice.currency)}</td>
                <td>
                  {t(`adminBilling.invoices.status.${invoice.status}`)}
                  {invoice.remindersSent > 0 ? ` · ${t('adminBilling.invoices.reminders', { count: invoice.remindersSent })}` : ''}
                </td>
                {canEdit && (
                  <td>
                    {invoice.kind === 'INVOICE' && invoice.gross > invoice.credited && (
                      <button
                        type="button"
                        className="admin-button admin-button--secondary"
                        aria-label={t('adminBilling.creditNote.title', { number: invoice.number })}
                        onClick={() => {
                          setCredited(false);
                          setCrediting(invoice);
                        }}
                      >
                        {t('adminBilling.creditNote.open')}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p data-testid="invoices-open">{t('adminBilling.invoices.openTotal', { amount: formatMoney(open, currency) })}</p>
      {credited && <p role="status">{t('adminBilling.creditNote.issued')}</p>}
      {crediting && (
        <CreditNoteDialog
          orderId={orderId}
          invoice={crediting}
          onClose={() => setCrediting(undefined)}
          onDone={() => {
            setCrediting(undefined);
            setCredited(true);
          }}
        />
      )}
    </section>
  );
}
