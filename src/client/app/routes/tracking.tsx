import { useQueries } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDateTime, formatIsoDay } from '#shared/dates.ts';
import { isMessageKey } from '#client/lib/translate.ts';
import { checkoutCalls } from '#shared/contract/checkout.ts';
import { isCart } from '#shared/orders.ts';
import { ApiError } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { OrderLines, OrderTotals } from '#client/features/orders/order-summary.tsx';
import { PendingSeatsNote } from '#client/features/seat-changes/seat-change-dialog.tsx';
import { appPaths } from '#shared/paths.ts';
import { TrackingInvoices, TrackingNotice } from './tracking-invoices.tsx';
import './checkout/checkout.css';
import './tracking.css';

/**
 * `/app/orders/{id}/tracking`: the order number, when it was ordered, its lines and
 * amounts, where it is (the milestones of status-info, reached or not, with their dates;
 * the exception when it left the usual course), its invoices with their PDFs and what is
 * open, and notice on a monthly plan. Milestones: docs/product/order-lifecycle.md;
 * invoices and notice: docs/product/billing.md.
 */
export default function TrackingPage() {
  const { orderId = '' } = useParams();
  const { language } = useLanguage();
  const t = useT();
  const [detailQuery, statusQuery] = useQueries({
    queries: [apiQuery(checkoutCalls.orderDetail, { params: { orderId } }), apiQuery(checkoutCalls.statusInfo, { params: { orderId } })],
  });
  const error = detailQuery.error ?? statusQuery.error;

  if (error instanceof ApiError && error.isGone) {
    return (
      <section className="app-message">
        <h1>{t('checkout.notFound.title')}</h1>
        <p role="alert">{t('checkout.tracking.notFound')}</p>
      </section>
    );
  }
  if (error) {
    return (
      <section className="app-message">
        <h1>{t('checkout.tracking.heading')}</h1>
        <p role="alert">{t('checkout.tracking.loadFailed')}</p>
        <button type="button" onClick={() => void Promise.all([detailQuery.refetch(), statusQuery.refetch()])}>
          {t('checkout.retry')}
        </button>
      </section>
    );
  }

  const detail = detailQuery.data;
  const statusInfo = statusQuery.data;
  if (!detail || !statusInfo) return <p role="status">{t('checkout.tracking.loading')}</p>;

  const number = statusInfo.number ?? detail.number;
  const statusKey = `checkout.status.${statusInfo.status}`;
  const statusText = isMessageKey(statusKey) ? t(statusKey) : statusInfo.status;

  if (!number) {
    // Still a cart (or abandoned before ordering): there is nothing to track yet.
    return (
      <section className="app-message">
        <h1>{t('checkout.tracking.heading')}</h1>
        <p>{t('checkout.tracking.notOrdered')}</p>
        {isCart(detail) && (
          <p>
            <Link to={appPaths.checkout(detail.id)}>{t('checkout.tracking.toCheckout')}</Link>
          </p>
        )}
      </section>
    );
  }

  const exceptionKey = statusInfo.exception ? `checkout.tracking.exception.${statusInfo.exception}` : undefined;
  const exceptionText = exceptionKey
    ? isMessageKey(exceptionKey)
      ? t(exceptionKey, { date: statusInfo.endsOn ? formatIsoDay(statusInfo.endsOn, language) : '' })
      : t('checkout.tracking.exception.other', { status: statusText })
    : undefined;

  return (
    <div className="tracking">
      <h1>{t('checkout.tracking.title', { number })}</h1>
      <dl className="tracking-facts">
        <div>
          <dt>{t('checkout.tracking.number')}</dt>
          <dd data-testid="tracking-number">{number}</dd>
        </div>
        {detail.orderedAt && (
          <div>
            <dt>{t('checkout.tracking.orderedAt')}</dt>
            <dd>{formatDateTime(detail.orderedAt, language)}</dd>
          </div>
        )}
        <div>
          <dt>{t('checkout.tracking.status')}</dt>
          <dd>{statusText}</dd>
        </div>
      </dl>

      <section className="tracking-section" aria-labelledby="tracking-progress">
        <h2 id="tracking-progress">{t('checkout.tracking.progress')}</h2>
        {exceptionText && <p className="tracking-exception">{exceptionText}</p>}
        <ol className="tracking-milestones">
          {statusInfo.milestones.map((milestone) => (
            <li key={milestone.id} className={milestone.reached ? 'tracking-milestone tracking-milestone--reached' : 'tracking-milestone'}>
              <span className="tracking-milestone__marker" aria-hidden="true">
                {milestone.reached ? '✓' : ''}
              </span>
              <span className="tracking-milestone__name">{t(`checkout.tracking.milestone.${milestone.id}`)}</span>
              <span className="tracking-milestone__state">
                {milestone.reached
                  ? milestone.at
                    ? t('checkout.tracking.reachedAt', { date: formatDateTime(milestone.at, language) })
                    : t('checkout.tracking.reached')
                  : t('checkout.tracking.notReached')}
              </span>
            </li>
          ))}
        </ol>
      </section>

      <section className="tracking-section" aria-labelledby="tracking-items">
        <h2 id="tracking-items">{t('checkout.tracking.items')}</h2>
        <OrderLines detail={detail} caption={t('checkout.tracking.linesCaption', { number })} />
        <OrderTotals detail={detail} />
        {statusInfo.pendingSeats && <PendingSeatsNote pending={statusInfo.pendingSeats} />}
      </section>

      <TrackingInvoices orderId={detail.id} xrechnung={detail.invoiceInfo.company.buyerReference !== ''} />
      <TrackingNotice detail={detail} statusInfo={statusInfo} />
      <p className="tracking-account">
        <Link to={appPaths.account()}>{t('account.link')}</Link>
      </p>
    </div>
  );
}
