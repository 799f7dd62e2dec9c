import { useT } from '#client/lib/i18n.tsx';

/** A back-office page or section whose data could not be loaded: says so and offers to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="admin-alert" role="alert">
      <p>{t('admin.loadFailed')}</p>
      <button type="button" className="admin-button" onClick={onRetry}>
        {t('admin.retry')}
      </button>
    </div>
  );
}
