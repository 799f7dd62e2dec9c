import type { Db } from '#server/db/client.ts';
import type { AuditActor, AuditService } from '#server/modules/audit/audit.service.ts';
import type { CaptchaService } from '#server/modules/captcha/captcha.service.ts';
import { hashSessionId, newSessionId, type CurrentStaffSession, type SecondFactorPolicy, type StaffMember } from '#server/plugins/staff-session.ts';
import { cookies } from '#shared/cookies.ts';
import { AppError } from '#shared/errors.ts';
import type { Login, LoginAnswer, Me, StaffSessionAnswer } from '#shared/schemas/staff.ts';
import { checkNewPassword, hashPassword, needsRehash } from './passwords.ts';
import { logStaff, normalizeEmail, signedInAccount, type RequestContext } from './staff-requests.ts';
import type { StaffSecondFactorService } from './staff-second-factor.service.ts';
import type { StaffThrottleService } from './staff-throttle.service.ts';
import * as repo from './staff.repository.ts';

/** A session waiting for the second factor may get it for this long. */
const pendingSessionSeconds = 10 * 60;

/** An opened session: the id goes into the cookie and nowhere else. */
interface Opened<Answer> {
  answer: Answer;
  sessionId: string;
}

/**
 * Staff sign-in and what a signed-in staff member does with it (docs/product/staff-sign-in.md):
 * signing in (with the second factor when it is on) and out, the own password, the own
 * open sessions. Every password check goes through the throttle (staff-throttle.service.ts).
 */
export function createStaffSignInService(deps: {
  db: Db;
  captcha: Pick<CaptchaService, 'verify'>;
  throttle: Pick<StaffThrottleService, 'reserve' | 'succeeded' | 'checkPassword' | 'confirmPassword'>;
  secondFactor: Pick<StaffSecondFactorService, 'acceptCode'>;
  secondFactorPolicy: SecondFactorPolicy;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, captcha, throttle, secondFactor, secondFactorPolicy, audit } = deps;

  /** Who signs in, for the audit log: the address tried, the account's role when there is one. */
  const actorOf = (email: string, user: repo.StaffAccountRow | undefined, context: RequestContext): AuditActor => ({
    email,
    role: user?.role ?? null,
    clientAddress: context.clientAddress,
  });
  const accountOf = (user: repo.StaffAccountRow | undefined) => (user ? { kind: 'staff', id: user.id } : undefined);

  /** A failed or refused sign-in: its audit row alone (nothing else changes). */
  async function recordFailure(actor: AuditActor, user: repo.StaffAccountRow | undefined, outcome: 'failed' | 'refused', summary: string): Promise<void> {
    await audit.record(actor, { action: 'signIn', target: accountOf(user), outcome, summary }, db);
  }

  async function openSession(tx: Db, userId: string, context: RequestContext, pendingSecondFactor: boolean): Promise<string> {
    const sessionId = newSessionId();
    await repo.insertSession(tx, {
      idHash: hashSessionId(sessionId),
      userId,
      lifetimeSeconds: pendingSecondFactor ? pendingSessionSeconds : cookies.session.maxAgeSeconds,
      pendingSecondFactor,
      userAgent: context.userAgent?.slice(0, 512) ?? null,
      clientAddress: context.clientAddress,
    });
    return sessionId;
  }

  return {
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
      const user = await repo.findAccountByEmail(db, email);
      const actor = actorOf(email, user, context);
      const reserved = await throttle.reserve(email, context).catch(async (error: unknown) => {
        if (error instanceof AppError && error.code === 'tooManyRequests') await recordFailure(actor, user, 'refused', 'too many failed attempts: try later');
        throw error;
      });
      const { failureId, delayMs } = reserved;
      const passwordMatches = await throttle.checkPassword(user?.passwordHash, input.password);
      if (!user || !passwordMatches || user.disabledAt) {
        const reason = !user ? 'unknown' : !passwordMatches ? 'wrong' : 'disabled';
        logStaff(context, { email, reason, delayMs }, 'staff sign-in failed');
        await recordFailure(actor, user, 'failed', { unknown: 'no such account', wrong: 'wrong password', disabled: 'account disabled' }[reason]);
        throw new AppError('unauthorized', 'error.staff.signInFailed');
      }
      await throttle.succeeded(failureId);
      if (needsRehash(user.passwordHash)) await repo.updatePasswordHash(db, user.id, await hashPassword(input.password));
      if (user.totpEnabledAt) {
        logStaff(context, { email, delayMs }, 'staff password accepted, waiting for the second factor');
        const sessionId = await db.transaction(async (tx) => {
          await audit.record(actor, { action: 'signIn.password', target: accountOf(user), summary: 'password accepted; waiting for the second factor' }, tx);
          return openSession(tx, user.id, context, true);
        });
        return { answer: { secondFactorRequired: true }, sessionId };
      }
      logStaff(context, { email, delayMs }, 'staff signed in');
      const sessionId = await db.transaction(async (tx) => {
        await audit.record(actor, { action: 'signIn', target: accountOf(user), summary: 'signed in with password' }, tx);
        return openSession(tx, user.id, context, false);
      });
      return { answer: { id: user.id, email: user.email, name: user.name, role: user.role }, sessionId };
    },

    /**
     * `POST /api/users/login/second-factor`: the code for the session that waits for it.
     * Success ends that session and opens a new one (a new id); failures count toward
     * the throttle of the account's address.
     */
    async completeSecondFactor(sessionId: string | undefined, code: string, context: RequestContext): Promise<Opened<Exclude<LoginAnswer, { secondFactorRequired: true }>>> {
      const pendingHash = sessionId ? hashSessionId(sessionId) : undefined;
      const user = pendingHash ? await repo.findPendingSessionAccount(db, pendingHash) : undefined;
      if (!pendingHash || !user || !user.totpEnabledAt) throw new AppError('unauthorized');
      const actor = actorOf(user.email, user, context);
      const reserved = await throttle.reserve(user.email, context).catch(async (error: unknown) => {
        if (error instanceof AppError && error.code === 'tooManyRequests') await recordFailure(actor, user, 'refused', 'too many failed attempts: try later');
        throw error;
      });
      const { failureId, delayMs } = reserved;
      const accepted = await secondFactor.acceptCode(user, code);
      if (!accepted) {
        logStaff(context, { email: user.email, reason: 'second-factor', delayMs }, 'staff sign-in failed');
        await recordFailure(actor, user, 'failed', 'wrong second-factor code');
        throw AppError.field('code', 'wrongCode', 'error.staff.wrongCode');
      }
      await throttle.succeeded(failureId);
      logStaff(context, { email: user.email, secondFactor: accepted, delayMs }, 'staff signed in');
      const opened = await db.transaction(async (tx) => {
        await repo.endSession(tx, pendingHash);
        const how = accepted === 'totp' ? 'the authenticator app' : 'a recovery code';
        await audit.record(actor, { action: 'signIn', target: accountOf(user), summary: `signed in with password and ${how}` }, tx);
        return openSession(tx, user.id, context, false);
      });
      return { answer: { id: user.id, email: user.email, name: user.name, role: user.role }, sessionId: opened };
    },

    /** `GET /api/users/me`. */
    me(staff: StaffMember, session: CurrentStaffSession): Me {
      return { id: staff.id, email: staff.email, name: staff.name, role: staff.role, secondFactorEnabled: session.secondFactorEnabled, secondFactorRequired: secondFactorPolicy === 'required' };
    },

    /** `POST /api/users/logout`: ends the cookie's session, if it names one. */
    async logout(sessionId: string | undefined, context: RequestContext): Promise<void> {
      if (!sessionId) return;
      const ended = await db.transaction(async (tx) => {
        const user = await repo.endSession(tx, hashSessionId(sessionId));
        if (user) await audit.record(actorOf(user.email, user, context), { action: 'signOut', target: accountOf(user) }, tx);
        return user;
      });
      if (ended) logStaff(context, { email: ended.email }, 'staff signed out');
    },

    /** `POST /api/users/me/password`: asks for the current one; ends the account's other sessions. */
    async changePassword(
      staff: StaffMember,
      session: CurrentStaffSession,
      input: { currentPassword: string; newPassword: string },
      context: RequestContext,
    ): Promise<void> {
      const user = await signedInAccount(db, staff);
      await throttle.confirmPassword(user, input.currentPassword, 'currentPassword', context);
      checkNewPassword(input.newPassword, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await repo.updatePasswordHash(tx, user.id, passwordHash);
        await repo.endSessionsOfAccount(tx, user.id, session.idHash);
        await audit.record(staff, { action: 'account.password', target: accountOf(user), summary: 'own password changed; other sessions ended' }, tx);
      });
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
      await db.transaction(async (tx) => {
        if (!(await repo.endSessionByPrefix(tx, staff.id, id))) throw new AppError('notFound');
        await audit.record(staff, { action: 'account.endSession', target: { kind: 'staff', id: staff.id }, summary: 'one own session ended' }, tx);
      });
      logStaff(context, { email: staff.email }, 'staff session ended');
    },
  };
}

export type StaffSignInService = ReturnType<typeof createStaffSignInService>;
