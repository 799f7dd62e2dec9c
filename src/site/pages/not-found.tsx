import { useSite } from '../site-context.tsx';
import { sitePath } from '#shared/paths.ts';

/** Served with status 404 by the server for any unknown path under /web/{lang}/. */
export function NotFoundPage() {
  const { lang, t } = useSite();
  return (
    <div className="section">
      <div className="container narrow not-found">
        <h1>{t('common.notFound.title')}</h1>
        <p className="lead">{t('common.notFound.text')}</p>
        <p className="actions">
          <a className="button" href={sitePath(lang, 'home')}>
            {t('common.notFound.home')}
          </a>
          <a className="button button--secondary" href={sitePath(lang, 'trainings')}>
            {t('site.notFound.trainings')}
          </a>
        </p>
      </div>
    </div>
  );
}
