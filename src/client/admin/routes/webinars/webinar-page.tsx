import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { urlOf } from '#shared/contract.ts';
import { webinarAdminCalls } from '#shared/contract/webinars-admin.ts';
import { translatePlural } from '#client/lib/translate.ts';
import { adminPaths, apiBase, appPaths, appUrl } from '#shared/paths.ts';
import type { AdminWebinarDetail, WebinarInput } from '#shared/schemas/webinars.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { DeleteWebinarDialog } from './delete-webinar-dialog.tsx';
import { refreshWebinarLists } from './refresh.ts';
import { SubscribersTable } from './subscribers-table.tsx';
import { WebinarForm } from './webinar-form.tsx';
import { formValuesOf } from './webinar-form-values.ts';
import './webinars.css';
import { LoadFailed } from '../../load-failed.tsx';
import { useCan } from '../../staff.ts';

/**
 * `/app/admin-panel/webinars/{id}`: the webinar's facts, its form to change it, deleting
 * it (confirmed in a dialog; with subscribers, only once staff confirm they will be
 * told), and its subscribers with their CSV download.
 */
export default function WebinarPage() {
  const { webinarId = '' } = useParams();
  const t = useT();
  const canEdit = useCan('editor');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const webinarQuery = apiQuery(webinarAdminCalls.adminWebinar, { params: { id: webinarId } });
  const webinar = useQuery(webinarQuery);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const update = useMutation({
    mutationFn: (body: WebinarInput) => callApi(webinarAdminCalls.updateWebinar, { params: { id: webinarId }, body }),
    onSuccess: (fresh) => {
      // The answer has no subscribers: they stay as loaded.
      queryClient.setQueryData(webinarQuery.queryKey, (current: AdminWebinarDetail | undefined) => (current ? { ...current, ...fresh } : current));
      refreshWebinarLists(queryClient);
      setSaved(true);
    },
  });

  if (webinar.error instanceof ApiError && (webinar.error.isGone || webinar.error.status === 400)) {
    return (
      <section className="app-message">
        <h1>{t('adminWebinars.notFound')}</h1>
        <p>
          <Link to={adminPaths.webinars()}>{t('adminWebinars.back')}</Link>
        </p>
      </section>
    );
  }
  if (webinar.error && !webinar.data) {
    return (
      <LoadFailed query={webinar} />
    );
  }
  if (!webinar.data) return <p role="status">{t('admin.loading')}</p>;
  const data = webinar.data;
  const csvUrl = `${apiBase}${urlOf(webinarAdminCalls.exportWebinarSubscribers, { params: { id: data.id }, query: { language } })}`;

  function deleted(): void {
    setDeleting(false);
    refreshWebinarLists(queryClient);
    // Its own query is left alone: removing it while the page is still shown would load it again (404).
    void navigate(adminPaths.webinars(), { state: { deleted: data.title } });
  }

  return (
    <article className="admin-webinar">
      <p>
        <Link to={adminPaths.webinars()}>{t('adminWebinars.back')}</Link>
      </p>
      <div className="admin-page-head">
        <h1>{data.title}</h1>
        {canEdit && (
          <button type="button" className="admin-button admin-button--danger" onClick={() => setDeleting(true)}>
            {t('adminWebinars.delete.button')}
          </button>
        )}
      </div>
      {(created || saved) && (
        <p role="status" className="admin-webinar__done">
          {t(saved ? 'adminWebinars.saved' : 'adminWebinars.created')}
        </p>
      )}

      <section aria-labelledby="admin-webinar-facts" className="admin-webinar__section">
        <h2 id="admin-webinar-facts" className="admin-sr-only">
          {t('adminWebinars.facts')}
        </h2>
        <dl className="admin-facts">
          <div>
            <dt>{t('adminWebinars.column.code')}</dt>
            <dd>{data.code}</dd>
          </div>
          <div>
            <dt>{t('adminWebinars.column.language')}</dt>
            <dd>{t(`webinars.language.${data.language}`)}</dd>
          </div>
          <div>
            <dt>{t('adminWebinars.column.startsAt')}</dt>
            <dd>
              <time dateTime={data.startsAt}>{formatDateTime(data.startsAt, language)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('adminWebinars.column.duration')}</dt>
            <dd>{translatePlural(language, 'webinars.minutes', data.durationMinutes)}</dd>
          </div>
          <div>
            <dt>{t('adminWebinars.column.subscribers')}</dt>
            <dd>{data.subscriberCount}</dd>
          </div>
          <div>
            <dt>{t('adminWebinars.link')}</dt>
            <dd>
              <a href={data.link} target="_blank" rel="noopener noreferrer">
                {data.link}
              </a>
            </dd>
          </div>
          <div>
            <dt>{t('adminWebinars.publicPage')}</dt>
            <dd>
              {/* A page of the shop, outside the back office's router. */}
              <a href={appUrl(appPaths.webinar(data.id, data.language))}>{appUrl(appPaths.webinar(data.id, data.language))}</a>
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="admin-webinar-subscribers" className="admin-webinar__section">
        <div className="admin-page-head">
          <h2 id="admin-webinar-subscribers">
            {t('adminWebinars.subscribers.title')}{' '}
            <span className="admin-webinar__count">({translatePlural(language, 'adminWebinars.subscribers.count', data.subscribers.length)})</span>
          </h2>
          <a className="admin-button admin-button--secondary" href={csvUrl} download>
            {t('adminWebinars.subscribers.csv')}
          </a>
        </div>
        {data.subscribers.length === 0 ? (
          <p className="admin-empty">{t('adminWebinars.subscribers.empty')}</p>
        ) : (
          <SubscribersTable subscribers={data.subscribers} />
        )}
      </section>

      {canEdit && <section aria-labelledby="admin-webinar-edit" className="admin-webinar__section">
        <h2 id="admin-webinar-edit">{t('adminWebinars.edit.title')}</h2>
        <WebinarForm
          initial={formValuesOf(data)}
          submitLabel="adminWebinars.edit.submit"
          onSubmit={async (payload) => {
            setSaved(false);
            await update.mutateAsync(payload);
          }}
        />
      </section>}

      {deleting && (
        <DeleteWebinarDialog webinar={data} onClose={() => setDeleting(false)} onDeleted={deleted} onConflict={() => void webinar.refetch()} />
      )}
    </article>
  );
}
