import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { webinarAdminCalls } from '#shared/contract/webinars-admin.ts';
import { adminPaths } from '#shared/paths.ts';
import { webinarPeriods } from '#shared/schemas/webinars.ts';
import { useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { WebinarsTable } from './webinars-table.tsx';
import '../messages/messages.css';
import './webinars.css';
import { ListResults } from '../../load-failed.tsx';
import { useCan } from '../../staff.ts';

type Period = (typeof webinarPeriods)[number];

const isPeriod = (value: string | null): value is Period => (webinarPeriods as readonly (string | null)[]).includes(value);

/** `?period=PAST` → PAST; no period (or a wrong one) is the default, UPCOMING. */
function periodOf(search: URLSearchParams): Period {
  const value = search.get('period');
  return isPeriod(value) ? value : 'UPCOMING';
}

const periodLink = (period: Period) => (period === 'UPCOMING' ? adminPaths.webinars() : `${adminPaths.webinars()}?period=${period}`);

/**
 * `/app/admin-panel/webinars`: the upcoming, past or all webinars (the period lives in the
 * address), each row leading to its page, and a link to create one.
 */
export default function WebinarsPage() {
  const t = useT();
  const canEdit = useCan('editor');
  const [search] = useSearchParams();
  const period = periodOf(search);
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;
  const list = useQuery({ ...apiQuery(webinarAdminCalls.adminWebinars, { query: { period } }), placeholderData: keepPreviousData });

  return (
    <div className="admin-webinars">
      <div className="admin-page-head">
        <h1>{t('adminWebinars.title')}</h1>
        {canEdit && (
          <Link className="admin-button" to={adminPaths.createWebinar()}>
            {t('adminWebinars.new')}
          </Link>
        )}
      </div>
      {deleted !== undefined && (
        <p role="status" className="admin-webinars__done">
          {t('adminWebinars.deleted', { title: deleted })}
        </p>
      )}
      <nav className="admin-tabs" aria-label={t('adminWebinars.periods')}>
        {webinarPeriods.map((option) => (
          <Link key={option} to={periodLink(option)} aria-current={option === period ? 'page' : undefined}>
            {t(`adminWebinars.period.${option}`)}
          </Link>
        ))}
      </nav>
      <ListResults query={list} empty={t(`adminWebinars.empty.${period}`)}>
        {(data) => <WebinarsTable rows={data.results} busy={list.isFetching} />}
      </ListResults>
    </div>
  );
}
