import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import type { DatabaseWait } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';

/**
 * The server's metrics, served in the Prometheus text format at `GET /metrics`
 * (docs/product/operations.md, docs/decisions/034-metrics.md). Counters and histograms
 * count what this process did since it started; the outbox gauges are read from the
 * database at each scrape, so every copy on one PostgreSQL database reports the same.
 */

/** The unsent mails of the outbox, as the mail module reads them (queued: due or to be retried; parked: given up). */
export interface OutboxBacklog {
  queued: number;
  /** Seconds since the oldest queued mail was queued; 0 when none is. */
  oldestQueuedSeconds: number;
  parked: number;
}

/** What a refused captcha solution was refused for, or `accepted`. */
type CaptchaOutcome = 'accepted' | 'required' | 'invalid' | 'expired' | 'wrongSiteKey' | 'used';

export interface Metrics {
  /** One answered request: its route pattern (`unmatched` when no route matched), status and time. */
  requestAnswered(method: string, route: string, status: number, seconds: number): void;
  /** One delivery attempt of the mail worker. */
  mailDelivered(outcome: 'sent' | 'failed'): void;
  /** Verifies a captcha solution through `verify` and counts its outcome by form family. */
  countCaptcha<Family extends string, Rest extends unknown[]>(
    verify: (solution: unknown, family: Family, ...rest: Rest) => Promise<void>,
  ): (solution: unknown, family: Family, ...rest: Rest) => Promise<void>;
  /** A request refused with 429 by one of the limits. */
  rateLimitRefused(limit: 'mailForms' | 'signIn' | 'other'): void;
  /** The time a statement waited before the database ran it (src/server/db/client.ts). */
  databaseWaited(wait: DatabaseWait, seconds: number): void;
  /**
   * A background job's run, timed and recorded under the job's name: the run answers how many items
   * it handled (carts abandoned, invoices made). The place for every job's figures, the
   * billing job's included (docs/product/operations.md#jobs).
   */
  timedJob(job: string, run: () => Promise<number>): () => Promise<number>;
  /** Sets the gauges read from the database. */
  outboxRead(backlog: OutboxBacklog): void;
  /** The text of `GET /metrics` and its content type. */
  exposition(): Promise<{ text: string; contentType: string }>;
}

/** The outcome of a captcha verification: `accepted`, or the code of its field error. */
function captchaOutcomeOf(error: unknown): CaptchaOutcome | undefined {
  if (!(error instanceof AppError)) return undefined;
  const code = error.fieldErrors.find((fieldError) => fieldError.field === 'captchaSolution')?.code;
  const known: readonly string[] = ['required', 'invalid', 'expired', 'wrongSiteKey', 'used'];
  return code !== undefined && known.includes(code) ? (code as CaptchaOutcome) : undefined;
}

/**
 * `shop_http_requests_total` and `shop_http_request_duration_seconds`, kept as plain numbers
 * per label set and printed by the registry as prom-client's own Counter and Histogram are
 * (the registry prints any metric that answers `get()`). Those find their series by
 * hashing the labels at every call: for a marketing page, answered in some 20 µs of CPU
 * (bench/pages.ts), that was 1.5 µs. Here a series is found by one string in a map.
 */
function answeredRequests(registry: Registry) {
  const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  const counts = new Map<string, { labels: { method: string; route: string; status: string }; value: number }>();
  /** Per method and route: the answers in each bucket (not cumulated), their count and their total time. */
  const durations = new Map<string, { labels: { method: string; route: string }; inBucket: number[]; count: number; sum: number }>();
  const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => { labels: Record<string, string | number>; value: number; metricName?: string }[]) =>
    ({ name, help, type, aggregator: 'sum', get: async () => ({ name, help, type, aggregator: 'sum', values: values() }) }) as unknown as Metric;
  registry.registerMetric(
    metric('shop_http_requests_total', 'Requests answered, by method, route pattern (unmatched: no route) and status.', 'counter', () =>
      [...counts.values()].map(({ labels, value }) => ({ labels, value })),
    ),
  );
  const name = 'shop_http_request_duration_seconds';
  registry.registerMetric(
    metric(name, 'Time from receiving a request to the end of its answer, by method and route pattern.', 'histogram', () =>
      [...durations.values()].flatMap(({ labels, inBucket, count, sum }) => {
        let cumulated = 0;
        return [
          ...buckets.map((le, index) => ({ labels: { le, ...labels }, value: (cumulated += inBucket[index]!), metricName: `${name}_bucket` })),
          { labels: { le: '+Inf', ...labels }, value: count, metricName: `${name}_bucket` },
          { labels, value: sum, metricName: `${name}_sum` },
          { labels, value: count, metricName: `${name}_count` },
        ];
      }),
    ),
  );
  return {
    answered(method: string, route: string, status: number, seconds: number) {
      const key = `${method} ${route}`;
      const countKey = `${key} ${status}`;
      const counted = counts.get(countKey);
      if (counted) counted.value += 1;
      else counts.set(countKey, { labels: { method, route, status: String(status) }, value: 1 });
      let timed = durations.get(key);
      if (!timed) durations.set(key, (timed = { labels: { method, route }, inBucket: buckets.map(() => 0), count: 0, sum: 0 }));
      timed.count += 1;
      timed.sum += seconds;
      const bucket = buckets.findIndex((le) => seconds <= le);
      if (bucket !== -1) timed.inBucket[bucket]! += 1;
    },
  };
}

/** Every metric of one app, in a registry of its own (tests build several apps in one process). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  // The process's own figures: CPU, memory, event-loop delay, garbage collection.
  collectDefaultMetrics({ register: registry });

  const counter = <Label extends string>(name: string, help: string, labelNames: readonly Label[] = []) => new Counter({ name, help, labelNames, registers });
  const gauge = <Label extends string>(name: string, help: string, labelNames: readonly Label[] = []) => new Gauge({ name, help, labelNames, registers });
  const histogram = <Label extends string>(name: string, help: string, labelNames: readonly Label[], buckets: number[]) =>
    new Histogram({ name, help, labelNames, buckets, registers });

  const requests = answeredRequests(registry);
  const outboxQueued = gauge('shop_outbox_queued_mails', 'Unsent mails that are due or will be retried (read from the database).');
  const outboxOldest = gauge('shop_outbox_oldest_queued_age_seconds', 'Seconds since the oldest of the queued mails was queued; 0 when none is (read from the database).');
  const outboxParked = gauge('shop_outbox_parked_mails', 'Unsent mails given up after too many failed attempts (read from the database).');
  const mailDeliveries = counter('shop_mail_deliveries_total', "Delivery attempts of this process's mail worker, by outcome (sent, failed).", ['outcome']);
  const captchaVerifications = counter(
    'shop_captcha_verifications_total',
    'Captcha solutions checked by the forms, by form family and outcome (accepted, or why refused: required, invalid, expired, wrongSiteKey, used).',
    ['family', 'outcome'],
  );
  const rateLimitRefusals = counter(
    'shop_rate_limit_refusals_total',
    'Requests refused with 429, by limit (mailForms: mail forms per client address; signIn: the staff sign-in throttle).',
    ['limit'],
  );
  const databaseWait = histogram(
    'shop_database_wait_seconds',
    'Time a statement waited before the database ran it: pool (PostgreSQL: for a connection), lock (PGlite: for a running transaction), queue (PGlite: behind the statements sent before it).',
    ['wait'],
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  // Jobs are told apart by `name`: Prometheus gives every series of a target its own `job` label.
  const jobRuns = counter('shop_job_runs_total', 'Runs of a background job, by its name and outcome (ok, failed).', ['name', 'outcome']);
  const jobLastRun = gauge('shop_job_last_run_timestamp_seconds', 'When the last run of a job ended (Unix time).', ['name']);
  const jobLastSuccess = gauge('shop_job_last_success_timestamp_seconds', 'When the last successful run of a job ended (Unix time).', ['name']);
  const jobDuration = gauge('shop_job_last_run_duration_seconds', 'How long the last run of a job took.', ['name']);
  const jobItems = gauge('shop_job_last_run_items', 'What the last successful run of a job handled (carts abandoned, invoices made).', ['name']);

  return {
    requestAnswered: requests.answered,
    mailDelivered: (outcome) => mailDeliveries.inc({ outcome }),
    countCaptcha(verify) {
      return async (solution, family, ...rest) => {
        try {
          await verify(solution, family, ...rest);
          captchaVerifications.inc({ family, outcome: 'accepted' });
        } catch (error) {
          const outcome = captchaOutcomeOf(error);
          if (outcome) captchaVerifications.inc({ family, outcome });
          throw error;
        }
      };
    },
    rateLimitRefused: (limit) => rateLimitRefusals.inc({ limit }),
    databaseWaited: (wait, seconds) => databaseWait.observe({ wait }, seconds),
    timedJob(job, run) {
      return async () => {
        const started = performance.now();
        const ended = () => {
          jobDuration.set({ name: job }, (performance.now() - started) / 1000);
          jobLastRun.set({ name: job }, Date.now() / 1000);
        };
        try {
          const items = await run();
          ended();
          jobRuns.inc({ name: job, outcome: 'ok' });
          jobItems.set({ name: job }, items);
          jobLastSuccess.set({ name: job }, Date.now() / 1000);
          return items;
        } catch (error) {
          ended();
          jobRuns.inc({ name: job, outcome: 'failed' });
          throw error;
        }
      };
    },
    outboxRead(backlog) {
      outboxQueued.set(backlog.queued);
      outboxOldest.set(backlog.oldestQueuedSeconds);
      outboxParked.set(backlog.parked);
    },
    async exposition() {
      return { text: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

/** Compares hashes, so neither the length nor the content of the token leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Counts every answer and every 429, and serves `GET /metrics`: with `token` (METRICS_TOKEN)
 * only to `Authorization: Bearer <token>`. Register it before the routes, so its hooks
 * cover them all. The route is for the operator's Prometheus, not for the shop's clients:
 * it is left out of the API document, and deploy/nginx/shop.conf does not forward it.
 */
export function registerMetrics(app: FastifyInstance, options: { metrics: Metrics; token: string | undefined; readOutbox: () => Promise<OutboxBacklog> }): void {
  const { metrics, token } = options;
  // A callback, not an async function: every answer passes here, without a promise.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestAnswered(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // Both limits refuse with AppError('tooManyRequests'): the mail forms' in
  // src/server/plugins/rate-limit.ts (the contract entry names its scope), the sign-in throttle's in
  // the staff module (its own message).
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof AppError) || error.code !== 'tooManyRequests') return;
    const scope = request.routeOptions.config.call?.rateLimit;
    metrics.rateLimitRefused(scope ?? (error.messageKey === 'error.staff.throttled' ? 'signIn' : 'other'));
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined) {
      const [scheme, given] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !given || !sameToken(given, token)) {
        throw new AppError('unauthorized', undefined, { headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
      }
    }
    metrics.outboxRead(await options.readOutbox());
    const { text, contentType } = await metrics.exposition();
    return reply.header('cache-control', 'no-store').type(contentType).send(text);
  });
}
