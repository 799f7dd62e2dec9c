import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { dashboardCalls } from '#shared/contract/dashboard.ts';
import { translatePlural } from '#client/lib/translate.ts';
import { formatMoney, formatMoneyWithCode } from '#shared/money.ts';
import { adminPaths } from '#shared/paths.ts';
import type { OrderStatus } from '#shared/orders.ts';
import type { Dashboard } from '#shared/schemas/orders-admin.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { statusLabel } from '../labels.ts';
import { searchFromView, viewFromSearch } from './orders/orders-url.ts';
import './home.css';
import { LoadFailed } from '../load-failed.tsx';
import { BillingFigures } from './billing-figures.tsx';
import { PendingSeatReductions } from './pending-seats.tsx';

/** `Nov 2026` / `Nov. 2026`: a month of the chart. */
function monthLabel(month: string, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * Net revenue per month as bars, one row of bars per currency (amounts in different
 * currencies are not added up). The same numbers follow as a table, which is what screen
 * readers are pointed to; the chart itself is hidden from them.
 */
function RevenueChart({ months }: { months: Dashboard['months'] }) {
  const t = useT();
  const { language } = useLanguage();
  const currencies = [...new Set(months.flatMap((month) => month.currencies.map((entry) => entry.currency)))].sort();
  const valueOf = (month: Dashboard['months'][number], currency: string) => month.currencies.find((entry) => entry.currency === currency);
  const compact = (value: number) => new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);

  return (
    <>
      {currencies.length === 0 ? (
        <p className="admin-empty">{t('admin.home.noOrders')}</p>
      ) : (
        currencies.map((currency) => {
          const highest = Math.max(1, ...months.map((month) => valueOf(month, currency)?.netRevenue ?? 0));
          return (
            <figure key={currency} className="admin-chart" aria-hidden="true">
              <figcaption>{t('admin.home.revenueIn', { currency })}</figcaption>
              <div className="admin-chart__plot">
                {/* The value axis: its top is the highest month, its foot zero. */}
                <div className="admin-chart__axis">
                  <span>{compact(highest)}</span>
                  <span>{compact(highest / 2)}</span>
                  <span>0</span>
                </div>
                <div className="admin-chart__bars">
                  {months.map((month) => {
                    const value = valueOf(month, currency)?.netRevenue ?? 0;
                    return (
                      <div key={month.month} className="admin-chart__bar" title={`${monthLabel(month.month, language)}: ${formatMoney(value, currency)}`}>
                        <b>{value > 0 ? compact(value) : ''}</b>
                        <span style={{ blockSize: `${Math.round((value / highest) * 100)}%` }} />
                        <small>{monthLabel(month.month, language)}</small>
                      </div>
                    );
                  })}
                </div>
              </div>
              <p className="admin-chart__total">
                {t('admin.home.total', { total: formatMoney(months.reduce((sum, month) => sum + (valueOf(month, currency)?.netRevenue ?? 0), 0), currency) })}
              </p>
            </figure>
          );
        })
      )}
      <table className="admin-table admin-home__table">
        <caption>{t('admin.home.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.home.month')}</th>
            {currencies.map((currency) => (
              <th key={currency} scope="col">
                {t('admin.home.ordersAndRevenue', { currency })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month, language)}</th>
              {currencies.map((currency) => {
                const entry = valueOf(month, currency);
                return <td key={currency}>{t('admin.home.cell', { orders: entry?.orders ?? 0, revenue: formatMoney(entry?.netRevenue ?? 0, currency) })}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * `/app/admin-panel/home`: the open orders by status (each a link into the filtered orders
 * table), the latest unread messages, the next webinars with their subscriber counts
 * (each a link to its page), and orders and net revenue of the last 12 months.
 */
export default function HomePage() {
  const t = useT();
  const { language } = useLanguage();
  const dashboard = useQuery(apiQuery(dashboardCalls.dashboard, {}));

  if (dashboard.error && !dashboard.data) {
    return (
      <LoadFailed query={dashboard} />
    );
  }
  if (!dashboard.data) return <p role="status">{t('admin.loading')}</p>;
  const { months, openOrders, unreadMessages, nextWebinars, money, pendingSeats } = dashboard.data;
  const ordersWith = (statuses: OrderStatus[]) => `${adminPaths.orders()}?${searchFromView({ ...viewFromSearch(new URLSearchParams()), statuses }).toString()}`;

  return (
    <div className="admin-home">
      <h1>{t('admin.home.title')}</h1>
      <section aria-labelledby="admin-home-open">
        <h2 id="admin-home-open">{t('admin.home.open')}</h2>
        {openOrders.every((entry) => entry.count === 0) ? (
          <p className="admin-empty">{t('admin.home.noOpenOrders')}</p>
        ) : (
          <ul className="admin-home__open">
            {openOrders.map((entry) => (
              <li key={entry.status}>
                <Link to={ordersWith([entry.status])}>
                  <span className="admin-home__count">{entry.count}</span> {statusLabel(t, entry.status)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="admin-home-money">
        <h2 id="admin-home-money">{t('admin.home.money')}</h2>
        {money.length === 0 ? (
          <p className="admin-empty">{t('admin.home.noMoney')}</p>
        ) : (
          <ul className="admin-home__open admin-home__money">
            {money.map((entry) => (
              <li key={entry.currency}>
                <Link to={ordersWith(['INVOICED', 'ACTIVE', 'TERMINATING'])}>
                  <span className="admin-home__count">{formatMoneyWithCode(entry.open, entry.currency)}</span>
                  <span>{t('admin.home.openAmount')}</span>
                  <span>
                    {t('admin.home.received', {
                      thisMonth: formatMoneyWithCode(entry.receivedThisMonth, entry.currency),
                      lastMonth: formatMoneyWithCode(entry.receivedLastMonth, entry.currency),
                    })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <BillingFigures />
      <PendingSeatReductions pending={pendingSeats} />
      <section aria-labelledby="admin-home-messages">
        <h2 id="admin-home-messages">{t('admin.home.messages')}</h2>
        {unreadMessages.length === 0 ? (
          <p className="admin-empty">{t('admin.home.noUnread')}</p>
        ) : (
          <ul className="admin-home__messages">
            {unreadMessages.map((message) => (
              <li key={message.id}>
                <Link to={adminPaths.message(message.id)}>{message.subject}</Link> · {message.name} ·{' '}
                <time dateTime={message.receivedAt}>{formatDateTime(message.receivedAt, language)}</time>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to={adminPaths.messages()}>{t('admin.home.allMessages')}</Link>
        </p>
      </section>
      <section aria-labelledby="admin-home-webinars">
        <h2 id="admin-home-webinars">{t('adminWebinars.home.title')}</h2>
        {nextWebinars.length === 0 ? (
          <p className="admin-empty">{t('adminWebinars.home.empty')}</p>
        ) : (
          <ul className="admin-home__webinars">
            {nextWebinars.map((webinar) => (
              <li key={webinar.id}>
                <Link to={adminPaths.webinar(webinar.id)}>{webinar.title}</Link> ·{' '}
                <time dateTime={webinar.startsAt}>{formatDateTime(webinar.startsAt, language)}</time> ·{' '}
                {translatePlural(language, 'adminWebinars.subscribers.count', webinar.subscriberCount)}
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to={adminPaths.webinars()}>{t('adminWebinars.home.all')}</Link>
        </p>
      </section>
      <section aria-labelledby="admin-home-revenue">
        <h2 id="admin-home-revenue">{t('admin.home.revenue')}</h2>
        <RevenueChart months={months} />
      </section>
    </div>
  );
}
