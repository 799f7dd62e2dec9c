/**
 * The rules of the sign-in throttle (docs/product/staff-sign-in.md,
 * docs/decisions/025-sign-in-throttling.md). Only attempts with an accepted captcha
 * solution count as failures.
 *
 * Refusals (429) are per client address: 5 failures for one e-mail address from one
 * client, or 50 from one client, in the window. No count of one e-mail address alone ever
 * refuses, so nobody elsewhere can keep its owner out; failures for it from anywhere only
 * slow every further attempt for it down, by `signInDelayMs`.
 */
export interface ThrottleLimits {
  windowSeconds: number;
  perEmailAndClient: number;
  perClient: number;
}

export const signInThrottle: ThrottleLimits = { windowSeconds: 15 * 60, perEmailAndClient: 5, perClient: 50 };

export interface SignInDelay {
  /** Failures of the e-mail address in the window that cost nothing (the owner's typing mistakes). */
  afterFailures: number;
  /** The delay of the first failure beyond those; each further one doubles it… */
  firstMs: number;
  /** …up to this, so that the owner waits a few seconds at most. */
  maxMs: number;
}

export const signInDelay: SignInDelay = { afterFailures: 5, firstMs: 250, maxMs: 3_000 };

/** How long an attempt for an e-mail address waits before its password is checked, given the address's failures in the window. */
export function signInDelayMs(failuresOfEmail: number, delay: SignInDelay = signInDelay): number {
  const beyond = failuresOfEmail - delay.afterFailures;
  if (beyond < 0) return 0;
  // 2 ** beyond is Infinity for very large counts; min() still answers the cap.
  return Math.min(delay.maxMs, delay.firstMs * 2 ** beyond);
}
