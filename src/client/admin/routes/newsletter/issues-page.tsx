import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { newsletterAdminCalls } from '#shared/contract/newsletter-admin.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminPaths } from '#shared/paths.ts';
import type { Issue } from '#shared/schemas/newsletter-issues.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { LoadFailed } from '../../load-failed.tsx';
import { useCan } from '../../staff.ts';
import './newsletter.css';
import { TableScroll } from '../../table-scroll.tsx';

/** The subject of an issue in the staff member's language, else in the other one. */
export function subjectOf(issue: Pick<Issue, 'editions' | 'segment'>, language: keyof Issue['editions']): string {
  const own = issue.editions[language].subject;
  return own || Object.values(issue.editions).find((edition) => edition.subject)?.subject || '';
}

/** When an issue goes or went out: its start, else its planned time. */
function whenOf(issue: Issue): string | null {
  return issue.startedAt ?? issue.sendAt;
}

/**
 * `/app/admin-panel/newsletter`: the issues, newest first, each with its status, when it
 * goes or went out, and how its sending stands (recipients, sent, failed, unsubscribes
 * since); a link to write a new one.
 */
export default function IssuesPage() {
  const t = useT();
  const { language } = useLanguage();
  const deleted = (useLocation().state as { deleted?: boolean } | null)?.deleted === true;
  const issues = useQuery(apiQuery(newsletterAdminCalls.newsletterIssues, {}));
  const canWrite = useCan('editor');

  return (
    <div className="admin-newsletter">
      <div className="admin-page-head">
        <h1>{t('adminNewsletter.title')}</h1>
        {/* Writing an issue needs an editor (contract/newsletter-admin.ts): a viewer is not offered it. */}
        {canWrite && (
          <Link className="admin-button" to={adminPaths.createNewsletterIssue()}>
            {t('adminNewsletter.new')}
          </Link>
        )}
      </div>
      {deleted && (
        <p role="status" className="admin-newsletter__done">
          {t('adminNewsletter.deleted')}
        </p>
      )}
      {issues.error && !issues.data ? (
        <LoadFailed query={issues} />
      ) : !issues.data ? (
        <p role="status">{t('admin.loading')}</p>
      ) : issues.data.issues.length === 0 ? (
        <p>{t('adminNewsletter.empty')}</p>
      ) : (
        <TableScroll label={t('adminNewsletter.caption')}>
          <table className="admin-table">
            <caption className="admin-sr-only">{t('adminNewsletter.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminNewsletter.column.subject')}</th>
                <th scope="col">{t('adminNewsletter.column.status')}</th>
                <th scope="col">{t('adminNewsletter.column.when')}</th>
                <th scope="col">{t('adminNewsletter.column.recipients')}</th>
                <th scope="col">{t('adminNewsletter.column.sent')}</th>
                <th scope="col">{t('adminNewsletter.column.failed')}</th>
                <th scope="col">{t('adminNewsletter.column.unsubscribed')}</th>
              </tr>
            </thead>
            <tbody>
              {issues.data.issues.map((issue) => {
                const when = whenOf(issue);
                return (
                  <tr key={issue.id}>
                    <td>
                      <Link to={adminPaths.newsletterIssue(issue.id)}>{subjectOf(issue, language) || t('adminNewsletter.untitled')}</Link>
                    </td>
                    <td>{t(`adminNewsletter.status.${issue.status}`)}</td>
                    <td>{when && <time dateTime={when}>{formatDateTime(when, language)}</time>}</td>
                    <td>{issue.stats.recipients}</td>
                    <td>{issue.stats.sent}</td>
                    <td>{issue.stats.failed}</td>
                    <td>{issue.stats.unsubscribedSince}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
