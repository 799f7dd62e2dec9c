import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { billingCalls } from '#shared/contract/billing.ts';
import { formatIsoDay } from '#shared/dates.ts';
import { formatMoney, formatMoneyWithCode } from '#shared/money.ts';
import { adminPaths } from '#shared/paths.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { searchFromView, viewFromSearch } from './orders/orders-url.ts';

/**
 * The dashboard's billing figures (docs/product/billing.md): the orders overdue (an
 * invoice open after its last reminder), the monthly recurring revenue per currency with
 * its change against a month ago, and the renewals of the next 30 days.
 */
export function BillingFigures() {
  const t = useT();
  const { language } = useLanguage();
  const overview = useQuery(apiQuery(billingCalls.billingOverview, {}));
  if (!overview.data) return null;
  const { overdueOrders, monthlyRecurringRevenue, upcomingRenewals } = overview.data;
  const day = (isoDay: string) => formatIsoDay(isoDay, language);
  const signed = (amount: number, currency: string) => `${amount > 0 ? '+' : amount < 0 ? '−' : '±'}${formatMoney(Math.abs(amount), currency)}`;

  return (
    <>
      <section aria-labelledby="admin-home-overdue">
        <h2 id="admin-home-overdue">{t('adminBilling.overdue.title')}</h2>
        <p className="admin-home__tile" data-testid="overdue-orders">
          <Link to={`${adminPaths.orders()}?${searchFromView({ ...viewFromSearch(new URLSearchParams()), overdue: true }).toString()}`}>
            <span className="admin-home__count">{overdueOrders}</span> {t('adminBilling.overdue.orders')}
          </Link>
        </p>
      </section>
      <section aria-labelledby="admin-home-mrr">
        <h2 id="admin-home-mrr">{t('adminBilling.mrr.title')}</h2>
        {monthlyRecurringRevenue.length === 0 ? (
          <p className="admin-empty">{t('adminBilling.mrr.none')}</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('adminBilling.mrr.currency')}</th>
                <th scope="col">{t('adminBilling.mrr.now')}</th>
                <th scope="col">{t('adminBilling.mrr.change')}</th>
              </tr>
            </thead>
            <tbody>
              {monthlyRecurringRevenue.map((entry) => (
                <tr key={entry.currency}>
                  <th scope="row">{entry.currency}</th>
                  <td>{formatMoney(entry.amount, entry.currency)}</td>
                  <td>{signed(entry.change, entry.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="admin-home-renewals">
        <h2 id="admin-home-renewals">{t('adminBilling.renewals.title')}</h2>
        {upcomingRenewals.length === 0 ? (
          <p className="admin-empty">{t('adminBilling.renewals.none')}</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('adminBilling.renewals.day')}</th>
                <th scope="col">{t('adminBilling.renewals.order')}</th>
                <th scope="col">{t('adminBilling.renewals.company')}</th>
                <th scope="col" className="admin-table__money">{t('adminBilling.renewals.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {upcomingRenewals.map((renewal) => (
                <tr key={`${renewal.orderId}-${renewal.periodStart}`}>
                  <td>{day(renewal.periodStart)}</td>
                  <td>
                    <Link to={adminPaths.order(renewal.orderId)}>{renewal.number}</Link>
                  </td>
                  <td>{renewal.company}</td>
                  <td className="admin-table__money">{formatMoneyWithCode(renewal.amount, renewal.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
