import type { Db } from '#server/db/client.ts';
import type { CurrentStaffSession, StaffMember } from '#server/plugins/staff-session.ts';
import { AppError } from '#shared/errors.ts';
import type { Enrolment, RecoveryCodes } from '#shared/schemas/staff.ts';
import { acceptTotpCode, createSecondFactorCrypto, isTotpCode, newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeSvg } from './second-factor.ts';
import { logStaff, signedInAccount, type RequestContext } from './staff-requests.ts';
import type { StaffThrottleService } from './staff-throttle.service.ts';
import * as repo from './staff.repository.ts';

/**
 * The staff's second factor (docs/product/staff-sign-in.md): an authenticator app's codes
 * (TOTP, its secret sealed with SECRET_KEY) or one of ten one-time recovery codes. A staff
 * member turns it on and off with their password; the sign-in asks it for a code.
 */
export function createStaffSecondFactorService(deps: {
  db: Db;
  throttle: Pick<StaffThrottleService, 'confirmPassword'>;
  /** Seals the TOTP secrets and hashes the recovery codes. */
  secretKey: string;
}) {
  const { db, throttle } = deps;
  const crypto = createSecondFactorCrypto(deps.secretKey);

  return {
    /** A TOTP code newer than the last accepted one, or an unused recovery code; uses it up. */
    async acceptCode(user: repo.StaffAccountRow, code: string): Promise<'totp' | 'recoveryCode' | undefined> {
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
    },

    /** `POST /api/users/me/second-factor/enrolment`: a new secret, for the authenticator app. */
    async startEnrolment(staff: StaffMember, password: string, context: RequestContext): Promise<Enrolment> {
      const user = await signedInAccount(db, staff);
      if (user.totpEnabledAt) throw new AppError('conflict', 'error.staff.secondFactorAlreadyOn');
      await throttle.confirmPassword(user, password, 'password', context);
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
      const user = await signedInAccount(db, staff);
      if (user.totpEnabledAt) throw new AppError('conflict', 'error.staff.secondFactorAlreadyOn');
      const state = user.totpSecret ? crypto.open(user.id, user.totpSecret) : undefined;
      if (!user.totpSecret || !state) throw new AppError('conflict', 'error.staff.enrolmentNotStarted');
      const counter = acceptTotpCode(state.secret, code, null);
      if (counter === null) throw AppError.field('code', 'wrongCode', 'error.staff.wrongEnrolmentCode');
      const expected = user.totpSecret;
      const recoveryCodes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        const turnedOn = await repo.replaceTotpState(tx, user.id, expected, crypto.seal(user.id, { ...state, lastCounter: counter }), true);
        if (!turnedOn) throw new AppError('conflict', 'error.staff.enrolmentNotStarted');
        await repo.replaceRecoveryCodes(tx, user.id, recoveryCodes.map((recoveryCode) => crypto.hashRecoveryCode(user.id, recoveryCode)));
        await repo.endSessionsOfAccount(tx, user.id, session.idHash);
      });
      logStaff(context, { email: user.email }, 'staff second factor turned on');
      return { recoveryCodes };
    },

    /** `DELETE /api/users/me/second-factor`: turns it off (also an enrolment not confirmed yet). */
    async turnOff(staff: StaffMember, password: string, context: RequestContext): Promise<void> {
      const user = await signedInAccount(db, staff);
      if (!user.totpEnabledAt && !user.totpSecret) throw new AppError('conflict', 'error.staff.secondFactorNotOn');
      await throttle.confirmPassword(user, password, 'password', context);
      await repo.turnOffSecondFactor(db, user.id);
      logStaff(context, { email: user.email }, 'staff second factor turned off');
    },
  };
}

export type StaffSecondFactorService = ReturnType<typeof createStaffSecondFactorService>;
