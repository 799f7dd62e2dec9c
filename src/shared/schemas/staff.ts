import { z } from 'zod';
import { staffRoles } from '../staff-roles.ts';
import { commonPasswords } from './common-passwords.ts';

/**
 * Payloads of the staff sign-in and of the staff member's own account (`/api/users/…`).
 * The server validates with these as route schemas; the back office checks the same
 * ones before sending (docs/decisions/011-forms-and-calls.md).
 */

const passwordLimits = { min: 12, max: 128 } as const;
/** What sign-in and the password checks accept as a password typed in; long enough for any stored one. */
const givenPassword = z.string().min(1).max(1024);

/**
 * True when the password is one of the common passwords password-guessing tools start
 * with (`@zxcvbn-ts/language-common`), compared without case. Only those of a staff
 * password's length are kept (`scripts/common-passwords.ts`), so the list stays small
 * enough for the browser.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/**
 * A new staff password: 12 to 128 characters and not a common password. The one rule for
 * `POST /api/users/me/password`, the staff CLI (`npm run staff`) and ADMIN_PASSWORD.
 * Only one problem is named at a time: a password of the wrong length is not also called common.
 */
export const newPasswordSchema = z
  .string()
  .min(passwordLimits.min)
  .max(passwordLimits.max)
  .refine((password) => password.length < passwordLimits.min || password.length > passwordLimits.max || !isCommonPassword(password), {
    error: 'error.staff.commonPassword',
  });

const email = z.string().trim().min(1).max(254).pipe(z.email({ error: 'error.invalidEmail' }));

// ---- requests -------------------------------------------------------------------------

/** `POST /api/users/login`; the captcha solution is of the `signIn` family. */
export const loginSchema = z.object({
  email,
  password: givenPassword,
  captchaSolution: z.string().min(1).max(4096),
});
export type Login = z.output<typeof loginSchema>;

/** `POST /api/users/login/second-factor` and `POST /api/users/me/second-factor`: a 6-digit code, or (at sign-in) a recovery code. */
export const secondFactorCodeSchema = z.object({ code: z.string().trim().min(1).max(64) });

/** `POST /api/users/me/second-factor/enrolment` and `DELETE /api/users/me/second-factor`: the current password. */
export const passwordConfirmationSchema = z.object({ password: givenPassword });

/** `POST /api/users/me/password`. */
export const changePasswordSchema = z.object({ currentPassword: givenPassword, newPassword: newPasswordSchema });

/** `DELETE /api/users/me/sessions/:id`: the id `GET /api/users/me/sessions` lists. */
export const sessionIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/) });

// ---- answers --------------------------------------------------------------------------

/** A staff member, with the role that decides what the back office offers them (docs/product/staff-roles.md). */
export const staffMemberSchema = z.object({ id: z.uuid(), email: z.string(), name: z.string(), role: z.enum(staffRoles) });

/**
 * The answer of `POST /api/users/login`: the staff member, or, when their second factor
 * is on, `{ secondFactorRequired: true }` (then `POST /api/users/login/second-factor`).
 */
export const loginAnswerSchema = z.union([staffMemberSchema, z.object({ secondFactorRequired: z.literal(true) })]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/**
 * `GET /api/users/me`. `secondFactorRequired` is true when the shop requires a second
 * factor (STAFF_MFA=required): then, until `secondFactorEnabled`, every staff-only call
 * except `/api/users/me…` answers 403 `secondFactorRequired`.
 */
export const meSchema = staffMemberSchema.extend({ secondFactorEnabled: z.boolean(), secondFactorRequired: z.boolean() });
export type Me = z.infer<typeof meSchema>;

/** `POST /api/users/me/second-factor/enrolment`: what the authenticator app needs. */
export const enrolmentSchema = z.object({
  /** `otpauth://totp/…`, the content of the QR code. */
  otpauthUri: z.string(),
  /** The QR code of `otpauthUri`, an SVG document. */
  qrCodeSvg: z.string(),
  /** The secret in base32, for typing it in by hand. */
  secret: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

/** `POST /api/users/me/second-factor`: ten one-time recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** One of the staff member's active sessions (`GET /api/users/me/sessions`). */
const staffSessionSchema = z.object({
  /** An opaque id for `DELETE /api/users/me/sessions/:id`. */
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  clientAddress: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type StaffSessionAnswer = z.infer<typeof staffSessionSchema>;

export const staffSessionsSchema = z.array(staffSessionSchema);
