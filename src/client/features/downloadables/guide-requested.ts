/** The code of the free guide, which the exit-intent popup offers. */
export const guideCode = 'guide';

/**
 * Set in localStorage (ms since the epoch) once the visitor has requested the free guide,
 * from its page, the home page's dialog or the exit-intent popup: the popup never offers
 * it again (src/client/islands/exit-intent-trigger.ts reads it).
 */
export const guideRequestedKey = 'exit-intent.guide-requested';
