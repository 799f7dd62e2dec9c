import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';
import { signInDelay, signInDelayMs, signInThrottle, type SignInDelay } from './sign-in-throttle.ts';
import { logStaff, type RequestContext } from './staff-requests.ts';
import * as repo from './staff.repository.ts';

export type { SignInDelay } from './sign-in-throttle.ts';

/**
 * The staff's password checks, slowed down and never locked
 * (docs/decisions/025-sign-in-throttling.md, sign-in-throttle.ts): every attempt holds a
 * slot of the throttle first, and only those that fail keep counting. Too many failures
 * from one client address refuse that client with 429, without looking at the password;
 * failures for one e-mail address from anywhere only delay further attempts for it, by a
 * few seconds at most. Every answer about a password takes one argon2 verification, also
 * for an unknown address. Used by the sign-in, the second factor and the password change.
 */
export function createStaffThrottleService(deps: {
  db: Db;
  /** Other delays of failed sign-ins than `signInDelay` (tests keep them short). */
  signInDelay?: Partial<SignInDelay> | undefined;
  /** The password check; a test passes its own to see which attempts reach it. */
  verifyPassword?: typeof verifyPassword;
}) {
  const { db } = deps;
  const delay: SignInDelay = { ...signInDelay, ...deps.signInDelay };
  const verify = deps.verifyPassword ?? verifyPassword;
  // Verified against when the address names no account, so that costs the same time.
  let dummyHash: Promise<string> | undefined;
  const hashOfNobody = () => (dummyHash ??= hashPassword(generatePassword()));
  let lastPrune = 0;

  /**
   * Holds a slot of the throttle, or refuses with 429 and Retry-After; then waits the
   * delay that the e-mail address's failures from every client add (`delayMs`, for the log).
   * Now and then the failures older than the window go.
   */
  async function reserve(email: string, context: RequestContext): Promise<{ failureId: string; delayMs: number }> {
    if (Date.now() - lastPrune > 60_000) {
      lastPrune = Date.now();
      await repo.pruneFailures(db, signInThrottle.windowSeconds);
    }
    const reservation = await repo.reserveAttempt(db, { email, clientAddress: context.clientAddress }, signInThrottle);
    if (!('failureId' in reservation)) {
      logStaff(context, { email, reason: 'throttled', retryAfterSeconds: reservation.retryAfterSeconds }, 'staff sign-in refused');
      throw new AppError('tooManyRequests', 'error.staff.throttled', { headers: { 'retry-after': String(reservation.retryAfterSeconds) } });
    }
    const delayMs = signInDelayMs(reservation.failuresOfEmail, delay);
    if (delayMs > 0) await sleep(delayMs);
    return { failureId: reservation.failureId, delayMs };
  }

  /** The attempt succeeded: its failure does not count. */
  async function succeeded(failureId: string): Promise<void> {
    await repo.forgetFailure(db, failureId);
  }

  return {
    reserve,
    succeeded,

    /** One argon2 verification of `password`, against a made-up hash when there is no account. */
    async checkPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
      return verify(passwordHash ?? (await hashOfNobody()), password);
    },

    /** Asks a signed-in staff member for their own password again (second factor, password change); failures count. */
    async confirmPassword(user: repo.StaffAccountRow, password: string, field: string, context: RequestContext): Promise<void> {
      const { failureId, delayMs } = await reserve(user.email, context);
      if (!(await verify(user.passwordHash, password))) {
        logStaff(context, { email: user.email, reason: 'wrong', delayMs }, 'staff password confirmation failed');
        throw AppError.field(field, 'wrongPassword', 'error.staff.wrongPassword');
      }
      await succeeded(failureId);
    },
  };
}

export type StaffThrottleService = ReturnType<typeof createStaffThrottleService>;
