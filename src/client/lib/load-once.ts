/**
 * A loader that runs `load` once and hands every caller the same promise; after a failure
 * the next call tries again (a dialog whose chunk did not arrive can be opened later).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
