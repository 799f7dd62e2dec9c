import type { ReactNode } from 'react';
import { ApiError } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';

/** What LoadFailed needs of a query (a useQuery result). */
interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
}

/**
 * A back-office page or section whose data could not be loaded: says so and offers to try
 * again. Refused for the staff member's role (403), it says that, in the server's words
 * naming the role, since trying again would not help.
 */
export function LoadFailed({ query }: { query: FailedQuery }) {
  const t = useT();
  const { language } = useLanguage();
  const refusal = query.error instanceof ApiError && query.error.status === 403 ? query.error.messageIn(language) : undefined;
  return (
    <div className="admin-alert" role="alert">
      <p>{refusal ?? t('admin.loadFailed')}</p>
      {!refusal && (
        <button type="button" className="admin-button" onClick={() => void query.refetch()}>
          {t('admin.retry')}
        </button>
      )}
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
  if (query.error || !query.data) return <LoadFailed query={query} />;
  if (query.data.results.length === 0) return <p className="admin-empty">{empty}</p>;
  return children(query.data);
}
