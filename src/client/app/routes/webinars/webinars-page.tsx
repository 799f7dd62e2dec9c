import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { webinarCalls } from '#shared/contract/webinars.ts';
import { appPaths } from '#shared/paths.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { WebinarFacts } from '#client/features/webinars/webinar-facts.tsx';
import { shortDescription } from '#client/features/webinars/webinar-text.ts';
import './webinars.css';

/**
 * `/app/webinars`: the upcoming webinars held in the app's language, soonest first, each
 * with its date (Zurich time, zone and UTC offset), duration, the first paragraph of its
 * description and a link to its page with the sign-up form.
 */
export default function WebinarsPage() {
  const t = useT();
  const { language } = useLanguage();
  const list = useQuery(apiQuery(webinarCalls.webinars, { query: { language } }));

  return (
    <div className="webinars">
      <h1>{t('webinars.title')}</h1>
      <p className="webinars__intro">{t('webinars.intro')}</p>
      {list.isPending ? (
        <p role="status">{t('webinars.loading')}</p>
      ) : list.error ? (
        <div className="webinars__alert">
          <p role="alert">{t('webinars.loadFailed')}</p>
          <button type="button" className="button-primary" onClick={() => void list.refetch()}>
            {t('webinars.retry')}
          </button>
        </div>
      ) : list.data.length === 0 ? (
        <p className="webinars__empty">{t('webinars.empty')}</p>
      ) : (
        <ul className="webinars__list">
          {list.data.map((webinar) => (
            <li key={webinar.id}>
              <article className="webinar-card" aria-labelledby={`webinar-${webinar.id}`}>
                <h2 id={`webinar-${webinar.id}`} className="webinar-card__title">
                  <Link to={appPaths.webinar(webinar.id, webinar.language)}>{webinar.title}</Link>
                </h2>
                <WebinarFacts webinar={webinar} withLanguage={false} />
                <p className="webinar-card__teaser">{shortDescription(webinar.description)}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
