import type { ReactNode } from 'react';
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

/** What ListResults needs of a list's query (a useQuery result). */
interface ListQuery<Data> {
  isPending: boolean;
  error: unknown;
  data: Data | undefined;
  refetch: () => unknown;
}

/**
 * A back-office list once loaded: `children` with the answer; meanwhile a loading note,
 * LoadFailed with a retry when it failed, and `empty` when it has no rows.
 */
export function ListResults<Data extends { results: readonly unknown[] }>({ query, empty, children }: { query: ListQuery<Data>; empty: string; children: (data: Data) => ReactNode }) {
  const t = useT();
  if (query.isPending) return <p role="status">{t('admin.loading')}</p>;
  if (query.error || !query.data) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (query.data.results.length === 0) return <p className="admin-empty">{empty}</p>;
  return children(query.data);
}
