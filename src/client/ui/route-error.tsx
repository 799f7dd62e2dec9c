import { useRouteError } from 'react-router';
import { useT } from '#client/lib/i18n.tsx';
import { ChunkLoadTimeoutError } from '#client/lib/lazy-route.ts';

/** What an unexpected error of a route says (a page that took too long, or anything else), with a reload. */
export function RouteErrorMessage() {
  const error = useRouteError();
  const t = useT();
  console.error(error);
  return (
    <section className="app-message" role="alert">
      <h1>{t('common.error.title')}</h1>
      <p>{error instanceof ChunkLoadTimeoutError ? t('common.chunkTimeout') : t('common.error.text')}</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('common.error.reload')}
        </button>
      </p>
    </section>
  );
}
