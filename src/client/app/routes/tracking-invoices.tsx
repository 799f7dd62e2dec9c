import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { billingCalls } from '#shared/contract/billing.ts';
import { formatIsoDay } from '#shared/dates.ts';
import { formatMoneyWithCode } from '#shared/money.ts';
import type { OrderDetail, StatusInfo } from '#shared/schemas/checkout.ts';
import type { InvoiceSummary, OrderInvoices } from '#shared/schemas/invoices.ts';
import { InvoiceTable, invoicePeriod } from '#client/features/billing/invoice-table.tsx';
import { buyerStatusOf } from '#client/features/billing/buyer-invoice-status.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { InvoiceFormatsHelp } from './tracking-invoice-formats.tsx';

/** Where the browser downloads one invoice of the order; a plain link (billingCalls.orderInvoicePdf). */
const invoicePdfHref = (orderId: string, invoiceId: string) => `/api/orders/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(invoiceId)}/pdf`;
/** The same invoice as XRechnung XML (billingCalls.orderInvoiceXRechnung). */
const xrechnungHref = (orderId: string, invoiceId: string) => `/api/orders/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(invoiceId)}/xrechnung`;

/**
 * The tracking page's invoices: each with its period, due day, amount, status and PDF,
 * and what is open in all (docs/product/billing.md). None before the order is invoiced.
 */
export function TrackingInvoices({ orderId, xrechnung }: { orderId: string; /** Whether the buyer gave a reference, which XRechnung needs. */ xrechnung: boolean }) {
  const t = useT();
  const query = useQuery(apiQuery(billingCalls.orderInvoices, { params: { orderId } }));
  if (query.isPending) return null;
  if (query.error || !query.data) return <p role="alert">{t('billing.invoices.loadFailed')}</p>;
  return (
    <section className="tracking-section" aria-labelledby="tracking-invoices">
      <h2 id="tracking-invoices">{t('billing.invoices.heading')}</h2>
      <OrderInvoiceList orderId={orderId} list={query.data} xrechnung={xrechnung} caption={t('billing.invoices.caption')} classPrefix="tracking" />
    </section>
  );
}

/**
 * An order's invoices and credit notes as the tracking page and the buyer's account show
 * them (docs/product/account.md): each with its period (or the invoice a credit note
 * credits), due day, amount, status, PDF (with its QR-bill) and, for a buyer with a
 * reference, XRechnung; what is open in all; what the PDFs are. `classPrefix` names the
 * page's styles (`tracking-invoices`, `account-invoices`, …).
 */
export function OrderInvoiceList({
  orderId,
  list,
  xrechnung,
  caption,
  classPrefix,
}: {
  orderId: string;
  list: OrderInvoices;
  xrechnung: boolean;
  caption: string;
  classPrefix: 'tracking' | 'account';
}) {
  const { language } = useLanguage();
  const t = useT();
  const { invoices, open, currency } = list;
  const dayOf = (isoDay: string) => formatIsoDay(isoDay, language);
  if (invoices.length === 0) return <p>{t('billing.invoices.none')}</p>;
  return (
    <>
      <InvoiceTable
        invoices={invoices}
        className={`${classPrefix}-invoices`}
        caption={caption}
        numberHeader={t('billing.invoices.number')}
        linkText={(invoice) => t('billing.invoices.pdf', { number: invoice.number })}
        pdfHref={(invoice) => invoicePdfHref(orderId, invoice.id)}
        columns={[
          {
            header: t('billing.invoices.period'),
            cell: (invoice) =>
              invoicePeriod(invoice, {
                range: (from, to) => t('billing.invoices.periodRange', { from: dayOf(from), to: dayOf(to) }),
                first: t('billing.invoices.firstInvoice'),
                credits: (number) => t('billing.invoices.creditsInvoice', { number }),
              }),
            foldOnNarrow: true,
          },
          { header: t('billing.invoices.dueOn'), cell: (invoice) => dayOf(invoice.dueOn), foldOnNarrow: true },
          { header: t('billing.invoices.amount'), cell: (invoice) => formatMoneyWithCode(invoice.gross, invoice.currency) },
          {
            header: t('billing.invoices.status'),
            cell: (invoice) => buyerStatusOf(invoice, t),
            attributes: (invoice) => ({ 'data-status': invoice.status }),
            foldOnNarrow: true,
          },
          ...(xrechnung
            ? [
                {
                  header: t('billing.invoices.xrechnung'),
                  cell: (invoice: InvoiceSummary) => (
                    <a href={xrechnungHref(orderId, invoice.id)} type="application/xml" download>
                      {t('billing.invoices.xrechnungLink', { number: invoice.number })}
                    </a>
                  ),
                  foldOnNarrow: true,
                },
              ]
            : []),
        ]}
      />
      <p className={`${classPrefix}-open`} data-testid="invoices-open">
        {open > 0 ? t('billing.invoices.open', { amount: formatMoneyWithCode(open, currency) }) : t('billing.invoices.allPaid')}
      </p>
      <InvoiceFormatsHelp />
    </>
  );
}

/**
 * Notice on a monthly plan: asking mails the billing contact a link (anyone holding the
 * tracking link could ask); the link brings them back here with `?notice=…`, where one
 * click confirms it. Nothing happens on opening the link itself, so a mail scanner that
 * follows links gives no notice.
 */
export function TrackingNotice({ detail, statusInfo }: { detail: OrderDetail; statusInfo: StatusInfo }) {
  const { language } = useLanguage();
  const t = useT();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const token = search.get('notice');
  const orderId = detail.id;
  const ask = useMutation({ mutationFn: () => callApi(billingCalls.requestNotice, { params: { orderId }, body: {} }) });
  const confirm = useMutation({
    mutationFn: (value: string) => callApi(billingCalls.confirmNotice, { params: { orderId }, body: { token: value } }),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
  const monthly = detail.items.some((item) => item.status === 'ACTIVE' && item.paymentFrequency === 'MONTHLY');
  if (!monthly || !['ACTIVE', 'TERMINATING'].includes(statusInfo.status)) return null;
  const refusal = (error: unknown) => (error instanceof ApiError ? (error.messageIn(language) ?? error.fieldErrors[0]?.messagesByLanguage[language]) : undefined) ?? t('billing.notice.failed');

  return (
    <section className="tracking-section" aria-labelledby="tracking-notice">
      <h2 id="tracking-notice">{t('billing.notice.heading')}</h2>
      {confirm.data ? (
        <p role="status">{t('billing.notice.confirmed', { date: formatIsoDay(confirm.data.terminatedFrom, language) })}</p>
      ) : statusInfo.status === 'TERMINATING' ? (
        <p>{t('billing.notice.given', { date: statusInfo.endsOn ? formatIsoDay(statusInfo.endsOn, language) : '' })}</p>
      ) : token ? (
        <>
          <p>{t('billing.notice.confirmIntro')}</p>
          <button type="button" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
            {t('billing.notice.confirm')}
          </button>
          {confirm.error && <p role="alert">{refusal(confirm.error)}</p>}
        </>
      ) : ask.data ? (
        <p role="status">{t('billing.notice.sent', { to: ask.data.sentTo, date: formatIsoDay(ask.data.effectiveFrom, language) })}</p>
      ) : (
        <>
          <p>{t('billing.notice.intro')}</p>
          <button type="button" disabled={ask.isPending} onClick={() => ask.mutate()}>
            {t('billing.notice.ask')}
          </button>
          {ask.error && <p role="alert">{refusal(ask.error)}</p>}
        </>
      )}
    </section>
  );
}
