import { Link } from 'react-router';
import { formatIsoDay } from '#shared/dates.ts';
import { adminPaths } from '#shared/paths.ts';
import type { Dashboard } from '#shared/schemas/orders-admin.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';

/**
 * The dashboard's running plans with a seat reduction pending (docs/product/seat-changes.md),
 * the soonest first: each order's number leads to its page, where staff can change or
 * withdraw the reduction.
 */
export function PendingSeatReductions({ pending }: { pending: Dashboard['pendingSeats'] }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <section aria-labelledby="admin-home-seats">
      <h2 id="admin-home-seats">{t('seats.dashboard.title')}</h2>
      {pending.length === 0 ? (
        <p className="admin-empty">{t('seats.dashboard.none')}</p>
      ) : (
        <ul className="admin-home__messages">
          {pending.map((entry) => (
            <li key={entry.orderId}>
              <Link to={adminPaths.order(entry.orderId)}>{entry.number}</Link> ·{' '}
              {t('seats.dashboard.entry', { from: entry.currentSeats, to: entry.seats, date: formatIsoDay(entry.from, language) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
