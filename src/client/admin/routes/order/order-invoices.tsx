import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { billingCalls } from '#shared/contract/billing.ts';
import { formatIsoDay } from '#shared/dates.ts';
import { formatMoney, formatMoneyWithCode } from '#shared/money.ts';
import { InvoiceTable, invoicePeriod } from '#client/features/billing/invoice-table.tsx';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import type { InvoiceSummary } from '#shared/schemas/invoices.ts';
import { useCan } from '../../staff.ts';
import { CreditNoteDialog } from './credit-note-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';

/** Where staff download one invoice of the order; a plain link (billingCalls.adminInvoicePdf). */
const pdfHref = (orderId: string, invoiceId: string) => `/api/orders/admin/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(invoiceId)}/pdf`;
/** The same invoice as XRechnung XML (billingCalls.adminInvoiceXRechnung). */
const xrechnungHref = (orderId: string, invoiceId: string) => `/api/orders/admin/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(invoiceId)}/xrechnung`;

/**
 * An order's invoices and credit notes on its back-office page: number (PDF), period (a
 * credit note: the invoice it credits), issue and due day, gross, open, status, reminders;
 * editors issue a credit note for an invoice not credited in full.
 */
export function OrderInvoices({ orderId, xrechnung }: { orderId: string; /** Whether the buyer gave a reference, which XRechnung needs. */ xrechnung: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const canEdit = useCan('editor');
  const [crediting, setCrediting] = useState<InvoiceSummary>();
  const [credited, setCredited] = useState(false);
  const [refunding, setRefunding] = useState<InvoiceSummary>();
  const [refunded, setRefunded] = useState(false);
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
              cell: (invoice) =>
                invoicePeriod(invoice, {
                  range: (from, to) => `${day(from)} – ${day(to)}`,
                  first: t('adminBilling.invoices.first'),
                  credits: (number) => t('adminBilling.invoices.creditsInvoice', { number }),
                }),
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
            {
              header: t('adminBilling.invoices.refund'),
              cell: (invoice) =>
                invoice.kind === 'CREDIT_NOTE' &&
                t('adminBilling.invoices.refundState', { refunded: formatMoney(invoice.refunded, invoice.currency), toRefund: formatMoney(invoice.toRefund, invoice.currency) }),
            },
            ...(xrechnung
              ? [
                  {
                    header: t('adminBilling.invoices.xrechnung'),
                    cell: (invoice: InvoiceSummary) => (
                      <a href={xrechnungHref(orderId, invoice.id)} type="application/xml" download>
                        {t('adminBilling.invoices.xrechnungLink', { number: invoice.number })}
                      </a>
                    ),
                  },
                ]
              : []),
            ...(canEdit
              ? [
                  {
                    header: <span className="visually-hidden">{t('adminBilling.creditNote.open')}</span>,
                    cell: (invoice: InvoiceSummary) =>
                      invoice.kind === 'INVOICE'
                        ? invoice.gross > invoice.credited && (
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
                          )
                        : invoice.toRefund > 0 && (
                            <button
                              type="button"
                              className="admin-button admin-button--secondary"
                              aria-label={t('adminBilling.refund.title', { number: invoice.number })}
                              onClick={() => {
                                setRefunded(false);
                                setRefunding(invoice);
                              }}
                            >
                              {t('adminBilling.refund.open')}
                            </button>
                          ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {/* Before the first invoice nothing is open on invoices: the money box says what will be. */}
      {invoices.length > 0 && <p data-testid="invoices-open">{t('adminBilling.invoices.openTotal', { amount: formatMoneyWithCode(open, currency) })}</p>}
      {credited && <p role="status">{t('adminBilling.creditNote.issued')}</p>}
      {refunded && <p role="status">{t('adminBilling.refund.recorded')}</p>}
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
      {refunding && (
        <RefundDialog
          orderId={orderId}
          creditNote={refunding}
          onClose={() => setRefunding(undefined)}
          onDone={() => {
            setRefunding(undefined);
            setRefunded(true);
          }}
        />
      )}
    </section>
  );
}
