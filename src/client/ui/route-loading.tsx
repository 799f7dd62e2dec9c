import { useT } from '#client/lib/i18n.tsx';

/**
 * What a single-page app shows while the first page's chunk is on its way (React
 * Router's `HydrateFallback` of the top route): a status, rather than an empty page and a
 * warning in the console.
 */
export function RouteLoading() {
  const t = useT();
  return (
    <p className="app-message" role="status">
      {t('common.loading')}
    </p>
  );
}
