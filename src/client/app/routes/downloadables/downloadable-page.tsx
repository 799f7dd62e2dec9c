import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { downloadableCalls } from '#shared/contract/downloadables.ts';
import type { MessageKey, MessageParams } from '#shared/i18n/catalogue.ts';
import { hasCatalogue, translate } from '#client/lib/translate.ts';
import { isLanguage, type Language } from '#shared/locales.ts';
import { appPaths, sitePath } from '#shared/paths.ts';
import { downloadLinkProblems, type Downloadable, type DownloadLinkProblem } from '#shared/schemas/downloadables.ts';
import { DownloadRequestForm } from '#client/features/downloadables/download-request-form.tsx';
import { DownloadFacts } from '#client/features/downloadables/download-summary.tsx';
import { ApiError } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import '#client/features/downloadables/downloads.css';
import './downloadable-page.css';

const isLinkProblem = (value: string | null): value is DownloadLinkProblem => (downloadLinkProblems as readonly (string | null)[]).includes(value);

/**
 * `/app/downloadable-content/{code}/{language}`: one downloadable item (cover, title,
 * description, format, pages, language) in `{language}`, and its request form in the
 * shared layout; after sending, it says the link is on its way. The page follows the
 * address's language (the app's language is set to it); switching the app's language
 * moves to the address of the other language. A refused download link lands here with
 * `?link=expired` or `?link=invalid`, which the page explains above the form that sends a
 * fresh link.
 */
export default function DownloadablePage() {
  const { code = '', language: addressLanguage = '' } = useParams();
  const { language: appLanguage, setLanguage } = useLanguage();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const language: Language = isLanguage(addressLanguage) ? addressLanguage : appLanguage;

  // The app speaks the address's language; a switch of the app's language moves to the
  // other language's address. (Comparing with the last language seen tells a switch from
  // the first render.)
  const seen = useRef(appLanguage);
  useEffect(() => {
    if (isLanguage(addressLanguage) && addressLanguage !== appLanguage && seen.current === appLanguage) setLanguage(addressLanguage);
    // Only when the address changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressLanguage]);
  const query = search.toString();
  useEffect(() => {
    if (seen.current === appLanguage) return;
    seen.current = appLanguage;
    if (appLanguage !== addressLanguage) void navigate(`${appPaths.downloadableContent(code, appLanguage)}${query ? `?${query}` : ''}`, { replace: true });
  }, [appLanguage, addressLanguage, code, query, navigate]);

  const item = useQuery(apiQuery(downloadableCalls.downloadable, { params: { code }, query: { language } }));
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);

  if (!isLanguage(addressLanguage)) return <Navigate to={appPaths.downloadableContent(code, appLanguage)} replace />;
  // The address's language is on its way (the app switches to it above): until its texts are there, the app's say so.
  if (!hasCatalogue(language)) return <p role="status">{translate(appLanguage, 'downloadables.loading')}</p>;
  // 404: unknown; 400: not even a code.
  if (item.error instanceof ApiError && (item.error.isGone || item.error.status === 400)) {
    return (
      <section className="app-message">
        <h1>{t('downloadables.notFound.title')}</h1>
        <p>{t('error.downloadable.notFound')}</p>
        <p>
          <a href={sitePath(language, 'home')}>{t('downloadables.notFound.home')}</a>
        </p>
      </section>
    );
  }
  if (item.error) {
    return (
      <section className="app-message">
        <h1>{t('downloadables.notFound.title')}</h1>
        <p role="alert">{t('downloadables.loadFailed')}</p>
        <button type="button" onClick={() => void item.refetch()}>
          {t('downloadables.retry')}
        </button>
      </section>
    );
  }
  if (!item.data) return <p role="status">{t('downloadables.loading')}</p>;
  const problem = search.get('link');
  return <DownloadDetail key={`${code}/${language}`} item={item.data} language={language} problem={isLinkProblem(problem) ? problem : undefined} />;
}

function DownloadDetail({ item, language, problem }: { item: Downloadable; language: Language; problem: DownloadLinkProblem | undefined }) {
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const [confirmation, setConfirmation] = useState<string>();
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The form that had the focus is gone: the confirmation takes it, and is read out.
    if (confirmation) doneRef.current?.focus();
  }, [confirmation]);

  return (
    <article className="download">
      {problem && !confirmation && (
        <p className="download__notice" role="alert">
          {t(`downloadables.link.${problem}`)}
        </p>
      )}
      <div className="download__head">
        <img className="download__cover" src={item.coverUrl} alt="" width={240} height={320} />
        <div>
          <p className="download__kicker">{t('downloadables.kicker')}</p>
          <h1>{item.title}</h1>
          <p className="download__description">{item.description}</p>
          <DownloadFacts item={item} language={language} />
        </div>
      </div>

      {confirmation ? (
        <div ref={doneRef} className="download__section download__done" role="status" tabIndex={-1} aria-labelledby="download-sent">
          <h2 id="download-sent">{t('downloadables.sent.title')}</h2>
          <p>{confirmation}</p>
          <p className="download-sent__inbox">{t('downloadables.sent.inbox')}</p>
        </div>
      ) : (
        <section className="download__section" aria-labelledby="download-request">
          <h2 id="download-request">{t('downloadables.form.title')}</h2>
          <p>{t('downloadables.form.intro')}</p>
          <DownloadRequestForm code={item.code} language={language} onSent={setConfirmation} />
        </section>
      )}
    </article>
  );
}
