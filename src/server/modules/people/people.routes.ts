import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formMessagesResponseSchema } from '#shared/schemas/forms.ts';
import { tokenParams } from '#shared/schemas/newsletter.ts';
import type { PeopleService } from './people.service.ts';

/**
 * `POST /api/people/deletions/{token}`: the confirmation of a deletion, with the token of
 * the link in the deletion mail (asked for with `POST /api/newsletter/{token}/deletion`).
 * A POST, never a GET, so a mail scanner that follows the link deletes nothing; the page
 * the link opens makes this call. Unknown, expired or used token: 404.
 */
export const peopleRoutes: FastifyPluginAsyncZod<{ people: PeopleService }> = async (app, options) => {
  const { people } = options;

  app.post(
    '/api/people/deletions/:token',
    {
      schema: {
        summary: "Deletes the person of a deletion link: the contact with everything that points to it, their orders anonymised",
        params: tokenParams,
        response: { 200: formMessagesResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await people.confirmDeletion(request.params.token);
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );
};
