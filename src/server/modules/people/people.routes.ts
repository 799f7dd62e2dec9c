import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { peopleCalls } from '#shared/contract/people.ts';
import type { PeopleService } from './people.service.ts';

/** The confirmation of a deletion, with the token of the link in the deletion mail (src/shared/contract/people.ts). */
export const peopleRoutes: FastifyPluginAsyncZod<{ people: PeopleService }> = async (app, options) => {
  const { people } = options;

  registerCall(app, peopleCalls.confirmDeletion, async (request, reply) => {
    const answer = await people.confirmDeletion(request.params.token);
    reply.header('cache-control', 'no-store');
    return answer;
  });
};
