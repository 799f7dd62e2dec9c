import { useRouteError } from 'react-router';
import { useT } from '#client/lib/i18n.tsx';
import { AppFrame } from '../layout.tsx';
import { ChunkLoadTimeoutError } from '#client/lib/lazy-route.ts';

/** The generic page for an unexpected application error, inside the app frame. */
export function ErrorPage() {
  const error = useRouteError();
  const t = useT();
  console.error(error);
  return (
    <AppFrame>
      <section className="app-message" role="alert">
        <h1>{t('common.error.title')}</h1>
        <p>{error instanceof ChunkLoadTimeoutError ? t('common.chunkTimeout') : t('common.error.text')}</p>
        <p>
          <button type="button" onClick={() => window.location.reload()}>
            {t('common.error.reload')}
          </button>
        </p>
      </section>
    </AppFrame>
  );
}
