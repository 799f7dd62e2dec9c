import { useEffect, useState } from 'react';
import { api } from '#client/lib/api.ts';

/**
 * The reference data the forms read (site keys, countries, the visitor's country,
 * newsletter topics): each GET is made once per page and shared by every form on it,
 * so opening a dialog again or showing two forms costs no further calls. A failed call
 * is forgotten, so the next form tries again.
 */
const loaded = new Map<string, Promise<unknown>>();

export function loadOnce<T>(path: string): Promise<T> {
  let promise = loaded.get(path) as Promise<T> | undefined;
  if (!promise) {
    promise = api<T>('GET', path);
    loaded.set(path, promise);
    promise.catch(() => loaded.delete(path));
  }
  return promise;
}

/** Tests start each case with nothing loaded. */
export function forgetLoadedFormData(): void {
  loaded.clear();
}

export type Loadable<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed' };

/** `GET /api{path}` through `loadOnce`; no call while `path` is undefined. */
export function useFormData<T>(path: string | undefined): Loadable<T> {
  const [state, setState] = useState<{ path: string | undefined; value: Loadable<T> }>({ path, value: { status: 'loading' } });

  useEffect(() => {
    if (path === undefined) return;
    let live = true;
    loadOnce<T>(path).then(
      (data) => {
        if (live) setState({ path, value: { status: 'loaded', data } });
      },
      (error: unknown) => {
        // SPEC §8: a failed call is only logged; the form goes on without the data.
        console.error(`[form] GET /api${path} failed`, error);
        if (live) setState({ path, value: { status: 'failed' } });
      },
    );
    return () => {
      live = false;
    };
  }, [path]);

  // A result for an earlier path (the language changed) does not count.
  return state.path === path ? state.value : { status: 'loading' };
}
