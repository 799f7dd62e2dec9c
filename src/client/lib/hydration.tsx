import { createContext, startTransition, useContext, useEffect, useState } from 'react';

/**
 * Whether the root a component renders in is past its hydration (a root rendered in the
 * browser never had one), asked when the component mounts. The app's root answers
 * (`HydrationRoot` in start-spa.tsx); without it (the server's render, the marketing
 * pages' widgets) a component starts as hydrating, and a widget rendered afresh becomes
 * live right after its first paint.
 */
export const RootHydrationContext = createContext<() => boolean>(() => false);

/**
 * False in the prerendered markup and during hydration, true once the widget (or the app
 * page the server rendered) is live. A prerendered control that does nothing without its
 * script (a select, a button that opens a dialog) is disabled until then, so an early
 * click is not silently lost.
 *
 * The switch to true is a transition: React renders it in slices between the browser's
 * tasks. (A store read with `useSyncExternalStore`, whose server value differs, would make
 * React render every such component again at once, in one long task right after hydration.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(useContext(RootHydrationContext));
  // Setting true again when it already is changes nothing.
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
