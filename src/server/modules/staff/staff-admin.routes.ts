import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf, staffSessionOf } from '#server/plugins/staff-session.ts';
import { staffAdminCalls } from '#shared/contract/staff-admin.ts';
import type { StaffAdminService } from './staff-admin.service.ts';

/**
 * The staff page's calls, admins only, and the invitation link's two open calls
 * (src/shared/contract/staff-admin.ts). Every answer is `no-store`.
 */
export const staffAdminRoutes: FastifyPluginAsyncZod<{ staffAdmin: StaffAdminService }> = async (app, options) => {
  const { staffAdmin } = options;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  registerCall(app, staffAdminCalls.staffOverview, async (request) => staffAdmin.overview(staffOf(request)));
  registerCall(app, staffAdminCalls.inviteStaff, async (request) => staffAdmin.invite(staffOf(request), request.body));
  registerCall(app, staffAdminCalls.withdrawInvitation, async (request) => staffAdmin.withdrawInvitation(staffOf(request), request.params.id));
  registerCall(app, staffAdminCalls.changeStaffRole, async (request) => staffAdmin.changeRole(staffOf(request), request.params.id, request.body.role));
  registerCall(app, staffAdminCalls.disableStaff, async (request) => staffAdmin.disable(staffOf(request), request.params.id));
  registerCall(app, staffAdminCalls.enableStaff, async (request) => staffAdmin.enable(staffOf(request), request.params.id));
  registerCall(app, staffAdminCalls.turnOffStaffSecondFactor, async (request) => staffAdmin.turnOffSecondFactor(staffOf(request), request.params.id));
  registerCall(app, staffAdminCalls.endStaffSessions, async (request) =>
    staffAdmin.endSessions(staffOf(request), staffSessionOf(request), request.params.id),
  );

  registerCall(app, staffAdminCalls.invitation, async (request) => staffAdmin.invitation(request.params.token));
  registerCall(app, staffAdminCalls.acceptInvitation, async (request, reply) => {
    await staffAdmin.acceptInvitation(request.params.token, request.body, { clientAddress: request.ip, userAgent: request.headers['user-agent'], log: request.log });
    return reply.code(204).send(null);
  });
};
