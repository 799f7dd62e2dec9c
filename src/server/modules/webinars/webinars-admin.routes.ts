import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import { webinarAdminCalls } from '#shared/contract/webinars-admin.ts';
import type { WebinarsService } from './webinars.service.ts';

export type WebinarsAdminRoutesOptions = { webinars: WebinarsService };

/**
 * The back office's webinar admin, staff only (src/shared/contract/webinars-admin.ts):
 * each call needs a staff session (401) and, as every POST/PUT/DELETE, the anti-forgery
 * header. An unknown or deleted webinar answers 404.
 */
export const webinarsAdminRoutes: FastifyPluginAsyncZod<WebinarsAdminRoutesOptions> = async (app, options) => {
  const { webinars } = options;

  registerCall(app, webinarAdminCalls.adminWebinars, async (request) => webinars.adminList(request.query));

  registerCall(app, webinarAdminCalls.createWebinar, async (request) => webinars.create(request.body, staffOf(request)));

  registerCall(app, webinarAdminCalls.adminWebinar, async (request) => webinars.adminDetail(request.params.id));

  registerCall(app, webinarAdminCalls.updateWebinar, async (request) => webinars.update(request.params.id, request.body, staffOf(request)));

  registerCall(app, webinarAdminCalls.deleteWebinar, async (request, reply) => {
    await webinars.remove(request.params.id, request.query.subscribersInformed === true, staffOf(request));
    return reply.code(204).send(null);
  });

  registerCall(app, webinarAdminCalls.exportWebinarSubscribers, async (request, reply) => {
    const { fileName, csv } = await webinars.subscribersCsv(request.params.id, request.query.language ?? requestLanguage(request), staffOf(request));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
  });
};
