import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { newsletterAdminCalls } from '#shared/contract/newsletter-admin.ts';
import { formatDateTime, instantOfLocal } from '#shared/dates.ts';
import { urlOf } from '#shared/contract.ts';
import { adminPaths, apiBase } from '#shared/paths.ts';
import { issueSendingSchema, type Issue, type IssueInput } from '#shared/schemas/newsletter-issues.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { translatePlural } from '#client/lib/translate.ts';
import { useLanguage, useLanguageName, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { DateField, FormProblems, TimeField } from '#client/ui/form/fields.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { Facts } from '../../facts.tsx';
import { LoadFailed } from '../../load-failed.tsx';
import { formValuesOf, IssueForm } from './issue-form.tsx';
import { subjectOf } from './issues-page.tsx';
import './newsletter.css';

/** Each edition the segment reaches, as its mail shows it, in a frame that runs nothing. */
function Preview({ issue }: { issue: Issue }) {
  const t = useT();
  const languageName = useLanguageName();
  const preview = useQuery(apiQuery(newsletterAdminCalls.previewNewsletterIssue, { params: { id: issue.id } }));
  return (
    <section aria-labelledby="admin-newsletter-preview" className="admin-newsletter__section">
      <h2 id="admin-newsletter-preview">{t('adminNewsletter.preview.title')}</h2>
      {preview.error && !preview.data ? (
        <LoadFailed query={preview} />
      ) : !preview.data ? (
        <p role="status">{t('adminNewsletter.preview.loading')}</p>
      ) : (
        <div className="admin-newsletter__previews">
          {preview.data.editions.map((edition) => (
            <div key={edition.language}>
              <h3>{languageName(edition.language)}</h3>
              <p lang={edition.language}>{t('adminNewsletter.preview.subject', { subject: edition.subject })}</p>
              <iframe
                // A saved change loads the frame again.
                key={issue.updatedAt}
                className="admin-newsletter__frame"
                title={t('adminNewsletter.preview.frame', { language: languageName(edition.language) })}
                sandbox=""
                // Loaded from its own address, whose policy allows the mail's inline styles and images.
                src={`${apiBase}${urlOf(newsletterAdminCalls.previewNewsletterEdition, { params: { id: issue.id, language: edition.language } })}`}
              />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** Send now (after a confirmation that says to how many) or at a date and time in Zurich; a test to oneself first. */
function Sending({ issue, onChanged }: { issue: Issue; onChanged: (issue: Issue) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const count = useQuery(apiQuery(newsletterAdminCalls.newsletterSegmentCount, { body: issue.segment }));
  const test = useMutation({ mutationFn: () => callApi(newsletterAdminCalls.testNewsletterIssue, { params: { id: issue.id } }) });
  const now = useMutation({
    mutationFn: () => callApi(newsletterAdminCalls.sendNewsletterIssue, { params: { id: issue.id }, body: {} }),
    onSuccess: onChanged,
  });
  const schedule = useForm({
    language,
    initial: { date: '', time: '' },
    schema: issueSendingSchema,
    payloadOf: (values) => ({ sendAt: instantOfLocal(values) ?? '' }),
    rename: (path) => (path === 'sendAt' ? 'date' : path),
    send: async (body) => onChanged(await callApi(newsletterAdminCalls.sendNewsletterIssue, { params: { id: issue.id }, body })),
    refusalOf: (error) => refusalOf(error, { key: 'adminNewsletter.send.failed' }),
  });

  return (
    <section aria-labelledby="admin-newsletter-send" className="admin-newsletter__section">
      <h2 id="admin-newsletter-send">{t('adminNewsletter.send.title')}</h2>
      <div className="admin-newsletter__actions">
        <button type="button" className="admin-button admin-button--secondary" onClick={() => test.mutate()} disabled={test.isPending}>
          {t(test.isPending ? 'adminNewsletter.test.sending' : 'adminNewsletter.test.button')}
        </button>
        {!confirming && (
          <button type="button" className="admin-button" onClick={() => setConfirming(true)}>
            {t('adminNewsletter.send.now')}
          </button>
        )}
      </div>
      {test.data && (
        <p role="status" className="admin-newsletter__done">
          {test.data.messages[0]?.translations[language]}
        </p>
      )}
      {test.error && <p role="alert">{t('adminNewsletter.test.failed')}</p>}
      {confirming && (
        <div role="alertdialog" aria-labelledby="admin-newsletter-confirm" className="admin-alert">
          <p id="admin-newsletter-confirm">{count.data ? translatePlural(language, 'adminNewsletter.send.confirm', count.data.recipients) : t('adminNewsletter.form.counting')}</p>
          <div className="admin-newsletter__actions">
            <button type="button" className="admin-button" onClick={() => now.mutate()} disabled={now.isPending} autoFocus>
              {t('adminNewsletter.send.confirmYes')}
            </button>
            <button type="button" className="admin-button admin-button--secondary" onClick={() => setConfirming(false)}>
              {t('adminNewsletter.send.cancel')}
            </button>
          </div>
          {now.error && <p role="alert">{t('adminNewsletter.send.failed')}</p>}
        </div>
      )}
      <form className="form" noValidate onSubmit={schedule.onSubmit} aria-busy={schedule.sending}>
        <fieldset className="form__fieldset">
          <legend className="form__legend">{t('adminNewsletter.send.later')}</legend>
          <FormProblems texts={schedule.elsewhere} />
          <div className="admin-newsletter__schedule">
            <DateField {...schedule.field('date')} label={t('adminNewsletter.send.date')} required />
            <TimeField
              {...schedule.field('time')}
              onChange={(time) => {
                schedule.set('time', time);
                schedule.clearProblem('date');
              }}
              label={t('adminNewsletter.send.time')}
              required
            />
            <div className="form__actions">
              <button type="submit" className="admin-button admin-button--secondary" disabled={schedule.sending}>
                {t('adminNewsletter.send.schedule')}
              </button>
            </div>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

/** Where a sending stands: recipients, mails queued, sent, failed, skipped, and unsubscribes since. */
function Stats({ issue }: { issue: Issue }) {
  const t = useT();
  const { language } = useLanguage();
  const rows: [string, string | number | null][] = [
    [t('adminNewsletter.stats.started'), issue.startedAt && formatDateTime(issue.startedAt, language)],
    [t('adminNewsletter.stats.finished'), issue.finishedAt && formatDateTime(issue.finishedAt, language)],
    [t('adminNewsletter.stats.recipients'), issue.stats.recipients],
    [t('adminNewsletter.stats.queued'), issue.stats.queued],
    [t('adminNewsletter.stats.sent'), issue.stats.sent],
    [t('adminNewsletter.stats.failed'), issue.stats.failed],
    [t('adminNewsletter.stats.skipped'), issue.stats.skipped],
    [t('adminNewsletter.stats.unsubscribed'), issue.stats.unsubscribedSince],
  ];
  return (
    <section aria-labelledby="admin-newsletter-stats" className="admin-newsletter__section">
      <h2 id="admin-newsletter-stats">{t('adminNewsletter.stats.title')}</h2>
      <Facts entries={rows} live />
    </section>
  );
}

/**
 * `/app/admin-panel/newsletter/{id}`: a draft with its form, preview of both languages, a
 * test to oneself, sending now or at a time, and deleting; a scheduled issue with its
 * time and the way back to a draft; an issue being sent or sent with how its sending
 * stands, refreshed while it goes out.
 */
export default function IssuePage() {
  const { issueId = '' } = useParams();
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const issueQuery = apiQuery(newsletterAdminCalls.newsletterIssue, { params: { id: issueId } });
  const issue = useQuery({
    ...issueQuery,
    // While it waits or goes out, its figures move.
    refetchInterval: (query) => (query.state.data && ['SCHEDULED', 'SENDING'].includes(query.state.data.status) ? 3000 : false),
  });
  const [saved, setSaved] = useState(false);
  const previewKey = apiQuery(newsletterAdminCalls.previewNewsletterIssue, { params: { id: issueId } }).queryKey;
  const listKey = apiQuery(newsletterAdminCalls.newsletterIssues, {}).queryKey;

  const changed = (fresh: Issue) => {
    queryClient.setQueryData(issueQuery.queryKey, fresh);
    void queryClient.invalidateQueries({ queryKey: listKey });
  };
  const update = useMutation({
    mutationFn: (body: IssueInput) => callApi(newsletterAdminCalls.updateNewsletterIssue, { params: { id: issueId }, body }),
    onSuccess: (fresh) => {
      changed(fresh);
      void queryClient.invalidateQueries({ queryKey: previewKey });
      setSaved(true);
    },
  });
  const unschedule = useMutation({ mutationFn: () => callApi(newsletterAdminCalls.unscheduleNewsletterIssue, { params: { id: issueId } }), onSuccess: changed });
  const remove = useMutation({
    mutationFn: () => callApi(newsletterAdminCalls.deleteNewsletterIssue, { params: { id: issueId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      void navigate(adminPaths.newsletter(), { state: { deleted: true } });
    },
  });

  if (issue.error instanceof ApiError && (issue.error.isGone || issue.error.status === 400)) {
    return (
      <section className="app-message">
        <h1>{t('adminNewsletter.notFound')}</h1>
        <p>
          <Link to={adminPaths.newsletter()}>{t('adminNewsletter.back')}</Link>
        </p>
      </section>
    );
  }
  if (issue.error && !issue.data) return <LoadFailed query={issue} />;
  if (!issue.data) return <p role="status">{t('admin.loading')}</p>;
  const data = issue.data;

  return (
    <article className="admin-newsletter">
      <p>
        <Link to={adminPaths.newsletter()}>{t('adminNewsletter.back')}</Link>
      </p>
      <div className="admin-page-head">
        <h1>{subjectOf(data, language) || t('adminNewsletter.untitled')}</h1>
        {data.status === 'DRAFT' && (
          <button type="button" className="admin-button admin-button--danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {t('adminNewsletter.delete')}
          </button>
        )}
      </div>
      <p>
        <strong>{t(`adminNewsletter.status.${data.status}`)}</strong> · {t('adminNewsletter.createdBy', { email: data.createdBy })}
      </p>
      {(created || saved) && data.status === 'DRAFT' && (
        <p role="status" className="admin-newsletter__done">
          {t(saved ? 'adminNewsletter.saved' : 'adminNewsletter.created')}
        </p>
      )}
      {data.status === 'SCHEDULED' && data.sendAt && (
        <div className="admin-newsletter__actions">
          <p role="status">{t('adminNewsletter.send.scheduledFor', { when: formatDateTime(data.sendAt, language) })}</p>
          <button type="button" className="admin-button admin-button--secondary" onClick={() => unschedule.mutate()} disabled={unschedule.isPending}>
            {t('adminNewsletter.send.unschedule')}
          </button>
        </div>
      )}
      {data.status === 'DRAFT' ? (
        <>
          <IssueForm
            initial={formValuesOf(data)}
            submitLabel="adminNewsletter.edit.submit"
            onSubmit={async (payload) => {
              await update.mutateAsync(payload);
            }}
          />
          <Preview issue={data} />
          <Sending issue={data} onChanged={changed} />
        </>
      ) : (
        <>
          <Stats issue={data} />
          <Preview issue={data} />
        </>
      )}
    </article>
  );
}
