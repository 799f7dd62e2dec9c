import type { FastifyInstance } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rateLimitCounters } from '#server/plugins/rate-limit.schema.ts';
import type { RateLimitScope } from '#shared/contract.ts';
import { AppError } from '#shared/errors.ts';

export interface RateLimit {
  /** Requests one client address may make in one window. */
  max: number;
  windowSeconds: number;
}

/**
 * Limits, per client address, the requests to the calls whose contract entry names a
 * `rateLimit` scope (src/shared/contract.ts), in fixed windows counted in the database (so every copy
 * of the app counts the same requests). Beyond the limit the answer is 429 with
 * `Retry-After` until the window ends. Every request counts, accepted or not: the point
 * is that one client cannot make the shop send thousands of mails.
 */
export function registerRateLimit(app: FastifyInstance, options: { db: Db; limits: Record<RateLimitScope, RateLimit> }): void {
  const { db, limits } = options;
  // A callback that returns at once for the calls without a scope (nearly all), without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const scope = request.routeOptions.config.call?.rateLimit;
    if (!scope) {
      done();
      return;
    }
    countOrRefuse(request.ip, scope).then(() => done(), done);
  });

  async function countOrRefuse(clientAddress: string, scope: RateLimitScope): Promise<void> {
    const { max, windowSeconds } = limits[scope];
    const windowMs = windowSeconds * 1000;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ scope, clientAddress, windowStart })
      .onConflictDoUpdate({
        target: [rateLimitCounters.scope, rateLimitCounters.clientAddress, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ hits: rateLimitCounters.hits });
    const hits = row?.hits ?? 1;
    // The first request of a client in a window clears the windows that are over.
    if (hits === 1) await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, windowStart));
    if (hits > max) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 1000));
      throw new AppError('tooManyRequests', 'error.tooManyRequests', { headers: { 'retry-after': String(retryAfter) } });
    }
  }
}
