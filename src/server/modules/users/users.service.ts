import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import type { CaptchaService } from '#server/modules/captcha/captcha.service.ts';
import {
  hashSessionId,
  newSessionId,
  type CurrentStaffSession,
  type SecondFactorPolicy,
  type StaffMember,
} from '#server/plugins/staff-session.ts';
import { cookies } from '#shared/cookies.ts';
import { AppError } from '#shared/errors.ts';
import { fieldErrorsOf } from '#shared/schemas/validation.ts';
import {
  newPasswordSchema,
  type Enrolment,
  type Login,
  type LoginAnswer,
  type Me,
  type RecoveryCodes,
  type StaffSessionAnswer,
} from '#shared/schemas/users.ts';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import {
  acceptTotpCode,
  createSecondFactorCrypto,
  isTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeSvg,
} from './second-factor.ts';
import { signInDelay, signInDelayMs, signInThrottle, type SignInDelay } from './sign-in-throttle.ts';
import * as repo from './users.repository.ts';

export type { SignInDelay } from './sign-in-throttle.ts';

/**
 * Staff accounts, sign-in, the second factor and sessions (docs/product/staff-sign-in.md).
 *
 * Sign-in is slowed down, never locked (sign-in-throttle.ts): only attempts with an
 * accepted captcha solution count; too many failures from one client address refuse
 * that client with 429, without looking at the password; failures for one e-mail address
 * from anywhere only delay further attempts for it, by a few seconds at most. Every answer
 * about a password takes one argon2 verification, also for an unknown address.
 */
/** A session waiting for the second factor may get it for this long. */
const pendingSessionSeconds = 10 * 60;

/** Who is asking, for the session's record, the throttle and the log (every line names the client address). */
export interface RequestContext {
  clientAddress: string;
  userAgent: string | undefined;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/** An opened session: the id goes into the cookie and nowhere else. */
export interface Opened<Answer> {
  answer: Answer;
  sessionId: string;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const emailSchema = z.email({ error: 'error.invalidEmail' });

/**
 * A line of the staff log. It names the client address, which the request log leaves
 * out: to tell an owner's typing mistakes from someone guessing, and where from.
 */
function logStaff(context: RequestContext, fields: { email: string } & Record<string, unknown>, message: string): void {
  context.log.info({ ...fields, clientAddress: context.clientAddress }, message);
}

/** The first account, made when the server starts without ADMIN_EMAIL on an empty database. */
export const demoStaffAccount = { email: 'staff@cybersafe-academy.example', name: 'Demo Staff' } as const;

function checkNewPassword(password: string, field: string): void {
  const parsed = newPasswordSchema.safeParse(password, { reportInput: true });
  if (!parsed.success) {
    throw AppError.validation(fieldErrorsOf(parsed.error).map((error) => ({ ...error, field: error.field ? `${field}.${error.field}` : field })));
  }
}

/**
 * Staff accounts as the start-up and the staff CLI (`npm run staff`) manage them: no
 * request, no captcha. A password given by the operator follows the same rule as a
 * changed one (12–128 characters, not a common password).
 */
export function createStaffAccountsService(deps: { db: Db }) {
  const { db } = deps;

  async function userByEmail(email: string): Promise<repo.UserRow> {
    const user = await repo.findUserByEmail(db, normalizeEmail(email));
    if (!user) throw new AppError('notFound', 'error.users.noSuchAccount');
    return user;
  }

  return {
    /** Adds an account; its password is `password` or a generated one (answered, to show once). */
    async addStaff(input: { email: string; name?: string | undefined; password?: string | undefined }): Promise<{ email: string; password: string }> {
      const email = normalizeEmail(input.email);
      if (!emailSchema.safeParse(email).success) throw AppError.field('email', 'invalidEmail', 'error.invalidEmail');
      const password = input.password ?? generatePassword();
      checkNewPassword(password, 'password');
      const name = input.name?.trim() || email.split('@')[0] || email;
      const id = await repo.insertUser(db, { email, name, passwordHash: await hashPassword(password) });
      if (!id) throw new AppError('conflict', 'error.users.accountExists');
      return { email, password };
    },

    /** Sets a new password (given or generated) and ends the account's sessions. */
    async resetPassword(input: { email: string; password?: string | undefined }): Promise<{ email: string; password: string }> {
      const user = await userByEmail(input.email);
      const password = input.password ?? generatePassword();
      checkNewPassword(password, 'password');
      await repo.updatePasswordHash(db, user.id, await hashPassword(password));
      await repo.endSessionsOfUser(db, user.id);
      return { email: user.email, password };
    },

    /** Disables the account (it can no longer sign in) and ends its sessions. */
    async disableStaff(email: string): Promise<{ email: string }> {
      const user = await userByEmail(email);
      await repo.disableUser(db, user.id);
      await repo.endSessionsOfUser(db, user.id);
      return { email: user.email };
    },

    /** Turns the second factor off (a lost authenticator app, a new SECRET_KEY) and ends the account's sessions. */
    async resetSecondFactor(email: string): Promise<{ email: string }> {
      const user = await userByEmail(email);
      await repo.turnOffSecondFactor(db, user.id);
      await repo.endSessionsOfUser(db, user.id);
      return { email: user.email };
    },

    /**
     * At start: creates the account of ADMIN_EMAIL/ADMIN_PASSWORD when absent; without
     * them, on a database without any account, creates the demo account with a generated
     * password and answers it (once: the next start finds an account).
     */
    async ensureStartAccounts(admin: { email?: string | undefined; password?: string | undefined }): Promise<
      { created: 'admin'; email: string } | { created: 'demo'; email: string; password: string } | { created: null }
    > {
      if (admin.email && admin.password) {
        const email = normalizeEmail(admin.email);
        const id = await repo.insertUser(db, { email, name: 'Administrator', passwordHash: await hashPassword(admin.password) });
        return id ? { created: 'admin', email } : { created: null };
      }
      if ((await repo.countUsers(db)) > 0) return { created: null };
      const password = generatePassword();
      const id = await repo.insertUser(db, { ...demoStaffAccount, passwordHash: await hashPassword(password) });
      return id ? { created: 'demo', email: demoStaffAccount.email, password } : { created: null };
    },
  };
}

export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;

export function createUsersService(deps: {
  db: Db;
  captcha: Pick<CaptchaService, 'verify'>;
  secretKey: string;
  secondFactorPolicy: SecondFactorPolicy;
  /** Other delays of failed sign-ins than `signInDelay` (tests keep them short). */
  signInDelay?: Partial<SignInDelay> | undefined;
  /** The password check; a test passes its own to see which attempts reach it. */
  verifyPassword?: typeof verifyPassword;
}) {
  const { db, captcha, secondFactorPolicy } = deps;
  const delay: SignInDelay = { ...signInDelay, ...deps.signInDelay };
  const checkPassword = deps.verifyPassword ?? verifyPassword;
  const crypto = createSecondFactorCrypto(deps.secretKey);
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
      throw new AppError('tooManyRequests', 'error.users.throttled', { headers: { 'retry-after': String(reservation.retryAfterSeconds) } });
    }
    const delayMs = signInDelayMs(reservation.failuresOfEmail, delay);
    if (delayMs > 0) await sleep(delayMs);
    return { failureId: reservation.failureId, delayMs };
  }

  /** The attempt succeeded: its failure does not count. */
  async function succeeded(failureId: string): Promise<void> {
    await repo.forgetFailure(db, failureId);
  }

  async function openSession(userId: string, context: RequestContext, pendingSecondFactor: boolean): Promise<string> {
    const sessionId = newSessionId();
    await repo.insertSession(db, {
      idHash: hashSessionId(sessionId),
      userId,
      lifetimeSeconds: pendingSecondFactor ? pendingSessionSeconds : cookies.session.maxAgeSeconds,
      pendingSecondFactor,
      userAgent: context.userAgent?.slice(0, 512) ?? null,
      clientAddress: context.clientAddress,
    });
    return sessionId;
  }

  async function signedInUser(staff: StaffMember): Promise<repo.UserRow> {
    const user = await repo.findUserById(db, staff.id);
    if (!user || user.disabledAt) throw new AppError('unauthorized');
    return user;
  }

  /** Asks for the own password again (second factor, password change); failures count toward the throttle. */
  async function confirmPassword(user: repo.UserRow, password: string, field: string, context: RequestContext): Promise<void> {
    const { failureId, delayMs } = await reserve(user.email, context);
    if (!(await checkPassword(user.passwordHash, password))) {
      logStaff(context, { email: user.email, reason: 'wrong', delayMs }, 'staff password confirmation failed');
      throw AppError.field(field, 'wrongPassword', 'error.users.wrongPassword');
    }
    await succeeded(failureId);
  }

  /** A TOTP code newer than the last accepted one, or an unused recovery code; uses it up. */
  async function acceptSecondFactor(user: repo.UserRow, code: string): Promise<'totp' | 'recoveryCode' | undefined> {
    if (!user.totpSecret) return undefined;
    if (isTotpCode(code)) {
      const state = crypto.open(user.id, user.totpSecret);
      const counter = state ? acceptTotpCode(state.secret, code, state.lastCounter) : null;
      if (!state || counter === null) return undefined;
      // Fails when another request accepted a code since this one read the account.
      const accepted = await repo.replaceTotpState(db, user.id, user.totpSecret, crypto.seal(user.id, { ...state, lastCounter: counter }));
      return accepted ? 'totp' : undefined;
    }
    return (await repo.useRecoveryCode(db, user.id, crypto.hashRecoveryCode(user.id, code))) ? 'recoveryCode' : undefined;
  }

  return {
    ...createStaffAccountsService({ db }),

    /**
     * `POST /api/users/login`. Order: the captcha (cheap, and spent: a refused solution
     * answers 400 and neither counts nor costs a password check, so made-up solutions
     * cannot throttle anyone), the throttle (429, the password not looked at; else the
     * delay), the password (always one argon2 verification), then the verdict. Wrong
     * address, wrong password and disabled account answer the same 401. With the second
     * factor on, the session opens nothing until `completeSecondFactor`.
     */
    async login(input: Login, context: RequestContext): Promise<Opened<LoginAnswer>> {
      const email = normalizeEmail(input.email);
      try {
        await captcha.verify(input.captchaSolution, 'signIn');
      } catch (error) {
        logStaff(context, { email, reason: 'captcha' }, 'staff sign-in failed');
        throw error;
      }
      const { failureId, delayMs } = await reserve(email, context);
      const user = await repo.findUserByEmail(db, email);
      const passwordMatches = await checkPassword(user?.passwordHash ?? (await hashOfNobody()), input.password);
      if (!user || !passwordMatches || user.disabledAt) {
        const reason = !user ? 'unknown' : !passwordMatches ? 'wrong' : 'disabled';
        logStaff(context, { email, reason, delayMs }, 'staff sign-in failed');
        throw new AppError('unauthorized', 'error.users.signInFailed');
      }
      await succeeded(failureId);
      if (needsRehash(user.passwordHash)) await repo.updatePasswordHash(db, user.id, await hashPassword(input.password));
      if (user.totpEnabledAt) {
        logStaff(context, { email, delayMs }, 'staff password accepted, waiting for the second factor');
        return { answer: { secondFactorRequired: true }, sessionId: await openSession(user.id, context, true) };
      }
      logStaff(context, { email, delayMs }, 'staff signed in');
      return { answer: { id: user.id, email: user.email, name: user.name }, sessionId: await openSession(user.id, context, false) };
    },

    /**
     * `POST /api/users/login/second-factor`: the code for the session that waits for it.
     * Success ends that session and opens a new one (a new id); failures count toward
     * the throttle of the account's address.
     */
    async completeSecondFactor(sessionId: string | undefined, code: string, context: RequestContext): Promise<Opened<StaffMember>> {
      const pendingHash = sessionId ? hashSessionId(sessionId) : undefined;
      const user = pendingHash ? await repo.findPendingSessionUser(db, pendingHash) : undefined;
      if (!pendingHash || !user || !user.totpEnabledAt) throw new AppError('unauthorized');
      const { failureId, delayMs } = await reserve(user.email, context);
      const accepted = await acceptSecondFactor(user, code);
      if (!accepted) {
        logStaff(context, { email: user.email, reason: 'second-factor', delayMs }, 'staff sign-in failed');
        throw AppError.field('code', 'wrongCode', 'error.users.wrongCode');
      }
      await succeeded(failureId);
      await repo.endSession(db, pendingHash);
      logStaff(context, { email: user.email, secondFactor: accepted, delayMs }, 'staff signed in');
      return { answer: { id: user.id, email: user.email, name: user.name }, sessionId: await openSession(user.id, context, false) };
    },

    /** `GET /api/users/me`. */
    me(staff: StaffMember, session: CurrentStaffSession): Me {
      return { ...staff, secondFactorEnabled: session.secondFactorEnabled, secondFactorRequired: secondFactorPolicy === 'required' };
    },

    /** `POST /api/users/logout`: ends the cookie's session, if it names one. */
    async logout(sessionId: string | undefined, context: RequestContext): Promise<void> {
      if (!sessionId) return;
      const email = await repo.endSession(db, hashSessionId(sessionId));
      if (email) logStaff(context, { email }, 'staff signed out');
    },

    /** `POST /api/users/me/second-factor/enrolment`: a new secret, for the authenticator app. */
    async startEnrolment(staff: StaffMember, password: string, context: RequestContext): Promise<Enrolment> {
      const user = await signedInUser(staff);
      if (user.totpEnabledAt) throw new AppError('conflict', 'error.users.secondFactorAlreadyOn');
      await confirmPassword(user, password, 'password', context);
      const secret = newTotpSecret();
      await repo.setPendingTotpSecret(db, user.id, crypto.seal(user.id, { secret, lastCounter: null }));
      const uri = otpauthUri(secret, user.email);
      return { otpauthUri: uri, qrCodeSvg: await qrCodeSvg(uri), secret };
    },

    /**
     * `POST /api/users/me/second-factor`: the first code turns the second factor on and
     * ends the account's other sessions (opened with the password alone); answers the
     * recovery codes, once.
     */
    async confirmEnrolment(staff: StaffMember, session: CurrentStaffSession, code: string, context: RequestContext): Promise<RecoveryCodes> {
      const user = await signedInUser(staff);
      if (user.totpEnabledAt) throw new AppError('conflict', 'error.users.secondFactorAlreadyOn');
      const state = user.totpSecret ? crypto.open(user.id, user.totpSecret) : undefined;
      if (!user.totpSecret || !state) throw new AppError('conflict', 'error.users.enrolmentNotStarted');
      const counter = acceptTotpCode(state.secret, code, null);
      if (counter === null) throw AppError.field('code', 'wrongCode', 'error.users.wrongEnrolmentCode');
      const expected = user.totpSecret;
      const recoveryCodes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        const turnedOn = await repo.replaceTotpState(tx, user.id, expected, crypto.seal(user.id, { ...state, lastCounter: counter }), true);
        if (!turnedOn) throw new AppError('conflict', 'error.users.enrolmentNotStarted');
        await repo.replaceRecoveryCodes(tx, user.id, recoveryCodes.map((recoveryCode) => crypto.hashRecoveryCode(user.id, recoveryCode)));
        await repo.endSessionsOfUser(tx, user.id, session.idHash);
      });
      logStaff(context, { email: user.email }, 'staff second factor turned on');
      return { recoveryCodes };
    },

    /** `DELETE /api/users/me/second-factor`: turns it off (also an enrolment not confirmed yet). */
    async turnOffSecondFactor(staff: StaffMember, password: string, context: RequestContext): Promise<void> {
      const user = await signedInUser(staff);
      if (!user.totpEnabledAt && !user.totpSecret) throw new AppError('conflict', 'error.users.secondFactorNotOn');
      await confirmPassword(user, password, 'password', context);
      await repo.turnOffSecondFactor(db, user.id);
      logStaff(context, { email: user.email }, 'staff second factor turned off');
    },

    /** `POST /api/users/me/password`: asks for the current one; ends the account's other sessions. */
    async changePassword(
      staff: StaffMember,
      session: CurrentStaffSession,
      input: { currentPassword: string; newPassword: string },
      context: RequestContext,
    ): Promise<void> {
      const user = await signedInUser(staff);
      await confirmPassword(user, input.currentPassword, 'currentPassword', context);
      checkNewPassword(input.newPassword, 'newPassword');
      await repo.updatePasswordHash(db, user.id, await hashPassword(input.newPassword));
      await repo.endSessionsOfUser(db, user.id, session.idHash);
      logStaff(context, { email: user.email }, 'staff password changed');
    },

    /** `GET /api/users/me/sessions`: the account's open sessions; the id is the first 16 hex digits of the stored hash. */
    async listSessions(staff: StaffMember, session: CurrentStaffSession): Promise<StaffSessionAnswer[]> {
      const rows = await repo.listActiveSessions(db, staff.id);
      return rows.map((row) => ({
        id: row.idHash.slice(0, 16),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        userAgent: row.userAgent,
        clientAddress: row.clientAddress,
        current: row.idHash === session.idHash,
      }));
    },

    /** `DELETE /api/users/me/sessions/:id`: ends one of the account's own sessions. */
    async endOwnSession(staff: StaffMember, id: string, context: RequestContext): Promise<void> {
      if (!(await repo.endSessionByPrefix(db, staff.id, id))) throw new AppError('notFound');
      logStaff(context, { email: staff.email }, 'staff session ended');
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
