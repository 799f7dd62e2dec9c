import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerendered markup and during hydration, true once the widget (or the app
 * page the server rendered) is live. A prerendered control that does nothing without its
 * script (a select, a button that opens a dialog) is disabled until then, so an early
 * click is not silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
