import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import { auditCalls } from '#shared/contract/audit.ts';
import type { AuditService } from './audit.service.ts';

/** The audit log, admins only (src/shared/contract/audit.ts). */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, options) => {
  const { audit } = options;

  registerCall(app, auditCalls.auditLog, async (request) => audit.page(request.query));

  registerCall(app, auditCalls.exportAuditLog, async (request, reply) => {
    const { language, ...filter } = request.query;
    const csv = await audit.exportCsv(filter, language ?? requestLanguage(request), staffOf(request));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-log.csv"').send(csv);
  });
};
