import { noContent, type Calls } from '../contract.ts';
import {
  changePasswordSchema,
  enrolmentSchema,
  loginAnswerSchema,
  loginSchema,
  meSchema,
  passwordConfirmationSchema,
  recoveryCodesSchema,
  secondFactorCodeSchema,
  sessionIdParams,
  staffMemberSchema,
  staffSessionsSchema,
} from '../schemas/staff.ts';

/**
 * Staff sign-in and the staff member's own account (docs/product/staff-sign-in.md,
 * src/server/modules/staff/staff.routes.ts). Sign-in and sign-out are open; the /users/me…
 * calls need a session and stay open under STAFF_MFA=required without a second factor,
 * so that staff can set one up.
 */

/** Sign-in: 401 for a wrong address, password or pending session, 429 past the throttle (src/server/modules/staff/staff-sign-in.service.ts). */
const signIn = ['unauthorized', 'tooManyRequests'] as const;

export const staffCalls = {
  login: {
    method: 'POST',
    path: '/users/login',
    body: loginSchema,
    answer: loginAnswerSchema,
    summary: 'Signs a staff member in: sets the session cookie',
    description:
      'Needs a captcha solution of the `signIn` site key (`GET /api/users/captcha/site-key`). With the second factor on, answers `{ secondFactorRequired: true }`; then `POST /api/users/login/second-factor`. 401 for a wrong address or password, 429 with Retry-After after too many failures.',
    refusals: signIn,
  },
  loginSecondFactor: {
    method: 'POST',
    path: '/users/login/second-factor',
    body: secondFactorCodeSchema,
    answer: staffMemberSchema,
    summary: 'Completes a sign-in with the code of the authenticator app or a recovery code: a new session cookie',
    refusals: signIn,
  },
  logout: {
    method: 'POST',
    path: '/users/logout',
    answer: noContent,
    summary: 'Ends the session and clears its cookie',
  },
  me: {
    method: 'GET',
    path: '/users/me',
    answer: meSchema,
    summary: 'The signed-in staff member',
    staff: 'withoutSecondFactor',
    role: 'viewer',
  },
  // Besides the session check, the second factor's calls are refused with 409 when it is
  // not in the state they need, and the calls that check the password meet the sign-in
  // throttle (429).
  startSecondFactorEnrolment: {
    method: 'POST',
    path: '/users/me/second-factor/enrolment',
    body: passwordConfirmationSchema,
    answer: enrolmentSchema,
    summary: 'Starts setting up the second factor: a new secret as otpauth URI and QR code (SVG)',
    staff: 'withoutSecondFactor',
    role: 'viewer',
    refusals: ['conflict', 'tooManyRequests'],
  },
  confirmSecondFactor: {
    method: 'POST',
    path: '/users/me/second-factor',
    body: secondFactorCodeSchema,
    answer: recoveryCodesSchema,
    summary: 'Turns the second factor on with a first code; answers ten one-time recovery codes, shown this once',
    staff: 'withoutSecondFactor',
    role: 'viewer',
    refusals: ['conflict'],
  },
  turnOffSecondFactor: {
    method: 'DELETE',
    path: '/users/me/second-factor',
    body: passwordConfirmationSchema,
    answer: noContent,
    summary: 'Turns the second factor off',
    staff: 'withoutSecondFactor',
    role: 'viewer',
    refusals: ['conflict', 'tooManyRequests'],
  },
  changePassword: {
    method: 'POST',
    path: '/users/me/password',
    body: changePasswordSchema,
    answer: noContent,
    summary: 'Changes the own password; ends the other sessions',
    staff: 'withoutSecondFactor',
    role: 'viewer',
    refusals: ['tooManyRequests'],
  },
  staffSessions: {
    method: 'GET',
    path: '/users/me/sessions',
    answer: staffSessionsSchema,
    summary: 'The own open sessions',
    staff: 'withoutSecondFactor',
    role: 'viewer',
  },
  endStaffSession: {
    method: 'DELETE',
    path: '/users/me/sessions/:id',
    params: sessionIdParams,
    answer: noContent,
    summary: 'Ends one of the own sessions',
    staff: 'withoutSecondFactor',
    role: 'viewer',
  },
} as const satisfies Calls;
