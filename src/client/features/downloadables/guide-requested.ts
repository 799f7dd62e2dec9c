/** The code of the free guide, which the exit-intent popup offers. */
export const guideCode = 'guide';

/**
 * Set in localStorage (ms since the epoch) once the visitor has requested the free guide,
 * from its page, the home page's dialog or the exit-intent popup: the popup never offers
 * it again (src/client/islands/exit-intent-trigger.ts reads it).
 */
export const guideRequestedKey = 'exit-intent.guide-requested';

/** Remembers the request at `now` in `store` (localStorage when not given). */
export function rememberGuideRequested(store: Pick<Storage, 'setItem'> | undefined, now: number): void {
  try {
    (store ?? window.localStorage).setItem(guideRequestedKey, String(now));
  } catch {
    // A full or blocked storage: nothing to remember with.
  }
}
