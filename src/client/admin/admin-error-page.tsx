import { useRouteError } from 'react-router';
import { useT } from '#client/lib/i18n.tsx';
import { ChunkLoadTimeoutError } from '#client/lib/lazy-route.ts';

/** An unexpected error in the back office: say so and offer a reload. */
export function AdminErrorPage() {
  const error = useRouteError();
  const t = useT();
  console.error(error);
  return (
    <main className="app-main">
      <section className="app-message" role="alert">
        <h1>{t('common.error.title')}</h1>
        <p>{error instanceof ChunkLoadTimeoutError ? t('common.chunkTimeout') : t('common.error.text')}</p>
        <p>
          <button type="button" onClick={() => window.location.reload()}>
            {t('common.error.reload')}
          </button>
        </p>
      </section>
    </main>
  );
}
