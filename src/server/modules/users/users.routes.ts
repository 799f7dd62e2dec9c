import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { clearSessionCookie, sessionCookieOf, setSessionCookie, staffOf, staffSessionOf } from '#server/plugins/staff-session.ts';
import { userCalls } from '#shared/contract/users.ts';
import type { RequestContext, UsersService } from './users.service.ts';

/**
 * Staff sign-in and the staff member's own account (docs/product/staff-sign-in.md,
 * src/shared/contract/users.ts). Sign-in and sign-out are open; the /api/users/me… calls
 * need a session and stay open under STAFF_MFA=required without a second factor, so that
 * staff can enrol. Every answer is `no-store`.
 */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, options) => {
  const { users } = options;
  const contextOf = (request: FastifyRequest): RequestContext => ({
    clientAddress: request.ip,
    userAgent: request.headers['user-agent'],
    log: request.log,
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  registerCall(app, userCalls.login, async (request, reply) => {
    const { answer, sessionId } = await users.login(request.body, contextOf(request));
    setSessionCookie(reply, sessionId);
    return answer;
  });

  registerCall(app, userCalls.loginSecondFactor, async (request, reply) => {
    const { answer, sessionId } = await users.completeSecondFactor(sessionCookieOf(request), request.body.code, contextOf(request));
    setSessionCookie(reply, sessionId);
    return answer;
  });

  registerCall(app, userCalls.logout, async (request, reply) => {
    await users.logout(sessionCookieOf(request), contextOf(request));
    clearSessionCookie(reply);
    return reply.code(204).send(null);
  });

  registerCall(app, userCalls.me, async (request) => users.me(staffOf(request), staffSessionOf(request)));

  registerCall(app, userCalls.startSecondFactorEnrolment, async (request) =>
    users.startEnrolment(staffOf(request), request.body.password, contextOf(request)),
  );

  registerCall(app, userCalls.confirmSecondFactor, async (request) =>
    users.confirmEnrolment(staffOf(request), staffSessionOf(request), request.body.code, contextOf(request)),
  );

  registerCall(app, userCalls.turnOffSecondFactor, async (request, reply) => {
    await users.turnOffSecondFactor(staffOf(request), request.body.password, contextOf(request));
    return reply.code(204).send(null);
  });

  registerCall(app, userCalls.changePassword, async (request, reply) => {
    await users.changePassword(staffOf(request), staffSessionOf(request), request.body, contextOf(request));
    return reply.code(204).send(null);
  });

  registerCall(app, userCalls.staffSessions, async (request) => users.listSessions(staffOf(request), staffSessionOf(request)));

  registerCall(app, userCalls.endStaffSession, async (request, reply) => {
    await users.endOwnSession(staffOf(request), request.params.id, contextOf(request));
    return reply.code(204).send(null);
  });
};
