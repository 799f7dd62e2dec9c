import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import { newsletterAdminCalls } from '#shared/contract/newsletter-admin.ts';
import { AppError } from '#shared/errors.ts';
import type { NewsletterIssuesService } from './newsletter-issues.service.ts';

export type NewsletterAdminRoutesOptions = {
  issues: NewsletterIssuesService;
  /** Runs the sending job now: an issue sent now starts without waiting for the job's next pass. */
  wakeSending: () => void;
};

/**
 * The back office's newsletter issues (src/shared/contract/newsletter-admin.ts): staff
 * calls, each behind the staff session (401) and, for writes, the anti-forgery header;
 * and the public address of an issue's images, which mails show.
 */
export const newsletterAdminRoutes: FastifyPluginAsyncZod<NewsletterAdminRoutesOptions> = async (app, options) => {
  const { issues, wakeSending } = options;

  registerCall(app, newsletterAdminCalls.newsletterIssues, async () => issues.list());

  registerCall(app, newsletterAdminCalls.createNewsletterIssue, async (request) => issues.create(request.body, staffOf(request)));

  registerCall(app, newsletterAdminCalls.newsletterIssue, async (request) => issues.get(request.params.id));

  registerCall(app, newsletterAdminCalls.updateNewsletterIssue, async (request) => issues.update(request.params.id, request.body, staffOf(request)));

  registerCall(app, newsletterAdminCalls.deleteNewsletterIssue, async (request, reply) => {
    await issues.remove(request.params.id, staffOf(request));
    return reply.code(204).send(null);
  });

  registerCall(app, newsletterAdminCalls.newsletterSegmentCount, async (request) => issues.countSegment(request.body));

  registerCall(app, newsletterAdminCalls.previewNewsletterIssue, async (request) => issues.preview(request.params.id));

  registerCall(app, newsletterAdminCalls.previewNewsletterEdition, async (request, reply) => {
    const edition = (await issues.preview(request.params.id)).editions.find((entry) => entry.language === request.params.language);
    if (!edition) throw new AppError('notFound');
    // The mail as mail programs show it: its inline styles and images, no script, framed by the back office only.
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox")
      .header('x-frame-options', 'SAMEORIGIN')
      .send(edition.html);
  });

  registerCall(app, newsletterAdminCalls.testNewsletterIssue, async (request) => issues.sendTest(request.params.id, staffOf(request)));

  registerCall(app, newsletterAdminCalls.sendNewsletterIssue, async (request) => {
    const issue = await issues.schedule(request.params.id, request.body.sendAt, staffOf(request));
    wakeSending();
    return issue;
  });

  registerCall(app, newsletterAdminCalls.unscheduleNewsletterIssue, async (request) => issues.unschedule(request.params.id, staffOf(request)));

  registerCall(app, newsletterAdminCalls.uploadNewsletterImage, async (request) => issues.storeImage(request.body.content));

  registerCall(app, newsletterAdminCalls.newsletterImage, async (request, reply) => {
    const image = await issues.image(request.params.id);
    // An image never changes under its id: mail programs and browsers may keep it.
    return reply
      .header('content-type', image.mediaType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'")
      // Webmail shows it inside pages of other sites.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(image.content);
  });
};
