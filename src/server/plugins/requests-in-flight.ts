import type { FastifyInstance } from 'fastify';

/**
 * How many requests the shop is answering now: each counted from Fastify's first hook until
 * its answer is sent or its connection is cut. Background work that shares the event loop
 * and the database with them (the mail worker) gives them way while there are any
 * (docs/decisions/084-mails-give-way-to-visitors.md). Register it before the routes, so its
 * hook covers them all.
 */
export function countRequestsInFlight(app: FastifyInstance): () => number {
  let inFlight = 0;
  const answered = () => {
    inFlight--;
  };
  // A callback, not an async function: every request passes here, without a promise.
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight++;
    // A response closes once, whether it was sent whole or its connection went first.
    reply.raw.once('close', answered);
    done();
  });
  return () => inFlight;
}
