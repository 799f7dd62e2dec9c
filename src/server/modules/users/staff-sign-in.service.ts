import type { Db } from '#server/db/client.ts';
import type { CaptchaService } from '#server/modules/captcha/captcha.service.ts';
import { hashSessionId, newSessionId, type CurrentStaffSession, type SecondFactorPolicy, type StaffMember } from '#server/plugins/staff-session.ts';
import { cookies } from '#shared/cookies.ts';
import { AppError } from '#shared/errors.ts';
import type { Login, LoginAnswer, Me, StaffSessionAnswer } from '#shared/schemas/users.ts';
import { checkNewPassword, hashPassword, needsRehash } from './passwords.ts';
import { logStaff, normalizeEmail, signedInUser, type RequestContext } from './staff-requests.ts';
import type { StaffSecondFactorService } from './staff-second-factor.service.ts';
import type { StaffThrottleService } from './staff-throttle.service.ts';
import * as repo from './users.repository.ts';

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
}) {
  const { db, captcha, throttle, secondFactor, secondFactorPolicy } = deps;

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
      const { failureId, delayMs } = await throttle.reserve(email, context);
      const user = await repo.findUserByEmail(db, email);
      const passwordMatches = await throttle.checkPassword(user?.passwordHash, input.password);
      if (!user || !passwordMatches || user.disabledAt) {
        const reason = !user ? 'unknown' : !passwordMatches ? 'wrong' : 'disabled';
        logStaff(context, { email, reason, delayMs }, 'staff sign-in failed');
        throw new AppError('unauthorized', 'error.users.signInFailed');
      }
      await throttle.succeeded(failureId);
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
      const { failureId, delayMs } = await throttle.reserve(user.email, context);
      const accepted = await secondFactor.acceptCode(user, code);
      if (!accepted) {
        logStaff(context, { email: user.email, reason: 'second-factor', delayMs }, 'staff sign-in failed');
        throw AppError.field('code', 'wrongCode', 'error.users.wrongCode');
      }
      await throttle.succeeded(failureId);
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

    /** `POST /api/users/me/password`: asks for the current one; ends the account's other sessions. */
    async changePassword(
      staff: StaffMember,
      session: CurrentStaffSession,
      input: { currentPassword: string; newPassword: string },
      context: RequestContext,
    ): Promise<void> {
      const user = await signedInUser(db, staff);
      await throttle.confirmPassword(user, input.currentPassword, 'currentPassword', context);
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

export type StaffSignInService = ReturnType<typeof createStaffSignInService>;
