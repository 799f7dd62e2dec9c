import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ErrorCode } from '#shared/errors.ts';
import {
  clearSessionCookie,
  requireStaff,
  sessionCookieOf,
  setSessionCookie,
  staffOf,
  staffSessionOf,
} from '#server/plugins/staff-session.ts';
import {
  changePasswordSchema,
  enrolmentSchema,
  loginAnswerSchema,
  loginSchema,
  meSchema,
  noContentSchema,
  passwordConfirmationSchema,
  recoveryCodesSchema,
  secondFactorCodeSchema,
  sessionIdParams,
  staffMemberSchema,
  staffSessionsSchema,
} from '#shared/schemas/users.ts';
import type { StaffSecondFactorService } from './staff-second-factor.service.ts';
import type { StaffSignInService } from './staff-sign-in.service.ts';
import type { RequestContext } from './staff-requests.ts';

/**
 * Staff sign-in and the staff member's own account, below `/api/users`
 * (docs/product/staff-sign-in.md). Sign-in and sign-out are open; the `/api/users/me…`
 * calls need a session (`requireStaff`) and stay open under STAFF_MFA=required without a
 * second factor, so that staff can enrol. Every answer is `no-store`.
 */
export const usersRoutes: FastifyPluginAsyncZod<{ signIn: StaffSignInService; secondFactor: StaffSecondFactorService }> = async (app, options) => {
  const { signIn, secondFactor } = options;
  const contextOf = (request: FastifyRequest): RequestContext => ({
    clientAddress: request.ip,
    userAgent: request.headers['user-agent'],
    log: request.log,
  });
  /**
   * The /api/users/me… calls, with what their service refuses besides the session check
   * (for the OpenAPI document): `conflict` when the second factor is not in the state the
   * call needs, `tooManyRequests` when a password check meets the sign-in throttle.
   */
  const own = (...refusals: ErrorCode[]) => ({ onRequest: requireStaff, config: { allowWithoutSecondFactor: true, refusals } });
  /** Sign-in: 401 for a wrong address, password or pending session, 429 past the throttle (staff-sign-in.service.ts). */
  const signInRefusals = { refusals: ['unauthorized', 'tooManyRequests'] as const };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/users/login',
    {
      config: signInRefusals,
      schema: {
        summary: 'Signs a staff member in: sets the session cookie',
        description:
          'Needs a captcha solution of the `signIn` site key (`GET /api/users/captcha/site-key`). With the second factor on, answers `{ secondFactorRequired: true }`; then `POST /api/users/login/second-factor`. 401 for a wrong address or password, 429 with Retry-After after too many failures.',
        body: loginSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request, reply) => {
      const { answer, sessionId } = await signIn.login(request.body, contextOf(request));
      setSessionCookie(reply, sessionId);
      return answer;
    },
  );

  app.post(
    '/api/users/login/second-factor',
    {
      config: signInRefusals,
      schema: {
        summary: 'Completes a sign-in with the code of the authenticator app or a recovery code: a new session cookie',
        body: secondFactorCodeSchema,
        response: { 200: staffMemberSchema },
      },
    },
    async (request, reply) => {
      const { answer, sessionId } = await signIn.completeSecondFactor(sessionCookieOf(request), request.body.code, contextOf(request));
      setSessionCookie(reply, sessionId);
      return answer;
    },
  );

  app.post(
    '/api/users/logout',
    { schema: { summary: 'Ends the session and clears its cookie', response: { 204: noContentSchema } } },
    async (request, reply) => {
      await signIn.logout(sessionCookieOf(request), contextOf(request));
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/users/me',
    { ...own(), schema: { summary: 'The signed-in staff member', response: { 200: meSchema } } },
    async (request) => signIn.me(staffOf(request), staffSessionOf(request)),
  );

  app.post(
    '/api/users/me/second-factor/enrolment',
    {
      ...own('conflict', 'tooManyRequests'),
      schema: {
        summary: 'Starts setting up the second factor: a new secret as otpauth URI and QR code (SVG)',
        body: passwordConfirmationSchema,
        response: { 200: enrolmentSchema },
      },
    },
    async (request) => secondFactor.startEnrolment(staffOf(request), request.body.password, contextOf(request)),
  );

  app.post(
    '/api/users/me/second-factor',
    {
      ...own('conflict'),
      schema: {
        summary: 'Turns the second factor on with a first code; answers ten one-time recovery codes, shown this once',
        body: secondFactorCodeSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => secondFactor.confirmEnrolment(staffOf(request), staffSessionOf(request), request.body.code, contextOf(request)),
  );

  app.delete(
    '/api/users/me/second-factor',
    {
      ...own('conflict', 'tooManyRequests'),
      schema: { summary: 'Turns the second factor off', body: passwordConfirmationSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await secondFactor.turnOff(staffOf(request), request.body.password, contextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/users/me/password',
    {
      ...own('tooManyRequests'),
      schema: { summary: 'Changes the own password; ends the other sessions', body: changePasswordSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await signIn.changePassword(staffOf(request), staffSessionOf(request), request.body, contextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/users/me/sessions',
    { ...own(), schema: { summary: 'The own open sessions', response: { 200: staffSessionsSchema } } },
    async (request) => signIn.listSessions(staffOf(request), staffSessionOf(request)),
  );

  app.delete(
    '/api/users/me/sessions/:id',
    { ...own(), schema: { summary: 'Ends one of the own sessions', params: sessionIdParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await signIn.endOwnSession(staffOf(request), request.params.id, contextOf(request));
      return reply.code(204).send(null);
    },
  );
};
