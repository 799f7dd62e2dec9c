import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { clearSessionCookie, sessionCookieOf, setSessionCookie, staffOf, staffSessionOf } from '#server/plugins/staff-session.ts';
import { staffCalls } from '#shared/contract/staff.ts';
import type { StaffSecondFactorService } from './staff-second-factor.service.ts';
import type { StaffSignInService } from './staff-sign-in.service.ts';
import type { RequestContext } from './staff-requests.ts';

/**
 * Staff sign-in and the staff member's own account (docs/product/staff-sign-in.md,
 * src/shared/contract/staff.ts). Sign-in and sign-out are open; the /api/users/me… calls
 * need a session and stay open under STAFF_MFA=required without a second factor, so that
 * staff can enrol. Every answer is `no-store`.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ signIn: StaffSignInService; secondFactor: StaffSecondFactorService }> = async (app, options) => {
  const { signIn, secondFactor } = options;
  const contextOf = (request: FastifyRequest): RequestContext => ({
    clientAddress: request.ip,
    userAgent: request.headers['user-agent'],
    log: request.log,
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  registerCall(app, staffCalls.login, async (request, reply) => {
    const { answer, sessionId } = await signIn.login(request.body, contextOf(request));
    setSessionCookie(reply, sessionId);
    return answer;
  });

  registerCall(app, staffCalls.loginSecondFactor, async (request, reply) => {
    const { answer, sessionId } = await signIn.completeSecondFactor(sessionCookieOf(request), request.body.code, contextOf(request));
    setSessionCookie(reply, sessionId);
    return answer;
  });

  registerCall(app, staffCalls.logout, async (request, reply) => {
    await signIn.logout(sessionCookieOf(request), contextOf(request));
    clearSessionCookie(reply);
    return reply.code(204).send(null);
  });

  registerCall(app, staffCalls.me, async (request) => signIn.me(staffOf(request), staffSessionOf(request)));

  registerCall(app, staffCalls.startSecondFactorEnrolment, async (request) =>
    secondFactor.startEnrolment(staffOf(request), request.body.password, contextOf(request)),
  );

  registerCall(app, staffCalls.confirmSecondFactor, async (request) =>
    secondFactor.confirmEnrolment(staffOf(request), staffSessionOf(request), request.body.code, contextOf(request)),
  );

  registerCall(app, staffCalls.turnOffSecondFactor, async (request, reply) => {
    await secondFactor.turnOff(staffOf(request), request.body.password, contextOf(request));
    return reply.code(204).send(null);
  });

  registerCall(app, staffCalls.changePassword, async (request, reply) => {
    await signIn.changePassword(staffOf(request), staffSessionOf(request), request.body, contextOf(request));
    return reply.code(204).send(null);
  });

  registerCall(app, staffCalls.staffSessions, async (request) => signIn.listSessions(staffOf(request), staffSessionOf(request)));

  registerCall(app, staffCalls.endStaffSession, async (request, reply) => {
    await signIn.endOwnSession(staffOf(request), request.params.id, contextOf(request));
    return reply.code(204).send(null);
  });
};
