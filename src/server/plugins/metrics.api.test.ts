import { isNull, sql } from 'drizzle-orm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema.ts';
import { solveCaptcha } from '../../../tests/helpers/captcha.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../tests/helpers/xsrf.ts';

/** `GET /metrics` of a whole app, read by a Prometheus text parser (parse-prometheus-text-format). */

const token = 'metrics-token-of-this-test-0123456789abcdef';
const failingRecipient = 'bounces@example.ch';
let t: TestApp;
let xsrf: XsrfSession;
beforeAll(async () => {
  t = await createTestApp(
    { METRICS_TOKEN: token, MAIL_FORMS_PER_HOUR: '2' },
    {
      // Sent at once, except to one address.
      mailTransport: async (mail) => {
        if (mail.to === failingRecipient) throw new Error('550 mailbox unavailable');
      },
      signInDelay: { firstMs: 1, maxMs: 1 },
    },
  );
  xsrf = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});

async function scrape() {
  const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheusTextFormat(response.body);
  const family = (name: string) => {
    const found = families.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no metric ${name} in:\n${response.body}`);
    return found;
  };
  /** The value of the sample of `name` with exactly these labels; 0 when there is none (a counter not counted yet). */
  const value = (name: string, labels: Record<string, string> = {}) => {
    const sample = family(name).metrics.find((candidate) => JSON.stringify(candidate.labels ?? {}) === JSON.stringify(labels));
    return sample === undefined ? 0 : Number(sample.value);
  };
  return { text: response.body, family, value };
}

/** A subscription to the newsletter from `remoteAddress`, with a solved or a made-up captcha. */
async function subscribe(email: string, remoteAddress: string, captchaSolution?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/newsletter/',
    headers: xsrf.headers,
    remoteAddress,
    payload: { firstName: 'Anna', email, agreeWithDataPrivacy: true, captchaSolution: captchaSolution ?? (await solveCaptcha(t.app, 'forms')) },
  });
}

describe('GET /metrics', () => {
  it('answers only the bearer of METRICS_TOKEN, and is not in the API document', async () => {
    const without = await t.app.inject({ url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(without.json().error.code).toBe('unauthorized');
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: token } })).statusCode).toBe(401);
    const document = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).some((path) => path.includes('metrics'))).toBe(false);
  });

  it('counts requests by route pattern and status, with a latency histogram', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: xsrf.headers,
      payload: { productCode: 'cyber_security_training_foundation_v1', quantity: 12, paymentFrequency: 'ONE_TIME', currency: 'CHF', language: 'de-CH' },
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: string };
    for (let i = 0; i < 3; i++) expect((await t.app.inject(`/api/orders/${id}/shopping-cart/`)).statusCode).toBe(200);
    expect((await t.app.inject('/api/no-such-call')).statusCode).toBe(404);

    const metrics = await scrape();
    expect(metrics.family('shop_http_requests_total').type).toBe('COUNTER');
    // The pattern, not the address: one series for every cart.
    expect(metrics.value('shop_http_requests_total', { method: 'GET', route: '/api/orders/:orderId/shopping-cart/', status: '200' })).toBe(3);
    expect(metrics.value('shop_http_requests_total', { method: 'POST', route: '/api/orders/', status: '200' })).toBe(1);
    expect(metrics.value('shop_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(metrics.text).not.toContain(id);

    const latency = metrics.family('shop_http_request_duration_seconds');
    expect(latency.type).toBe('HISTOGRAM');
    expect(Object.keys(latency.metrics[0]?.buckets ?? {})).toEqual(expect.arrayContaining(['0.005', '0.1', '1', '10', '+Inf']));
    // The parser merges a histogram's series into one entry; the cart's own count, read off the text.
    expect(metrics.text).toContain('shop_http_request_duration_seconds_count{method="GET",route="/api/orders/:orderId/shopping-cart/"} 3');
  });

  it('counts captcha solutions accepted and refused, by form family and reason', async () => {
    const before = await scrape();
    const accepted = () => before.value('shop_captcha_verifications_total', { family: 'forms', outcome: 'accepted' });
    const solution = await solveCaptcha(t.app, 'forms');
    expect((await subscribe('accepted@example.ch', '192.0.2.10', solution)).statusCode).toBe(200);
    const replay = await subscribe('replayed@example.ch', '192.0.2.11', solution);
    expect(replay.json().errors[0]).toMatchObject({ field: 'captchaSolution', code: 'used' });
    expect((await subscribe('made-up@example.ch', '192.0.2.12', 'made-up')).statusCode).toBe(400);

    const after = await scrape();
    expect(after.value('shop_captcha_verifications_total', { family: 'forms', outcome: 'accepted' })).toBe(accepted() + 1);
    expect(after.value('shop_captcha_verifications_total', { family: 'forms', outcome: 'used' })).toBe(1);
    expect(after.value('shop_captcha_verifications_total', { family: 'forms', outcome: 'invalid' })).toBe(1);
  });

  it('counts the 429s of the mail-form limit and of the sign-in throttle', async () => {
    // MAIL_FORMS_PER_HOUR=2 here: the third form from one address is refused.
    const client = '192.0.2.20';
    for (let i = 0; i < 2; i++) expect((await subscribe(`limited-${i}@example.ch`, client, 'made-up')).statusCode).toBe(400);
    expect((await subscribe('limited-2@example.ch', client, 'made-up')).statusCode).toBe(429);

    // Five failed sign-ins for one address from one client, then the sixth is refused.
    const guesser = '192.0.2.21';
    const signIn = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: xsrf.headers,
        remoteAddress: guesser,
        payload: { email: 'nobody@example.ch', password: 'Not-the-password-1', captchaSolution: await solveCaptcha(t.app, 'signIn') },
      });
    for (let i = 0; i < 5; i++) expect((await signIn()).statusCode).toBe(401);
    expect((await signIn()).statusCode).toBe(429);

    const metrics = await scrape();
    expect(metrics.value('shop_rate_limit_refusals_total', { limit: 'mailForms' })).toBe(1);
    expect(metrics.value('shop_rate_limit_refusals_total', { limit: 'signIn' })).toBe(1);
    expect(metrics.value('shop_http_requests_total', { method: 'POST', route: '/api/users/login', status: '429' })).toBe(1);
  });

  it('reads the outbox from the database: queued mails, the oldest one’s age, parked mails', async () => {
    expect((await subscribe('queued@example.ch', '192.0.2.30')).statusCode).toBe(200);
    expect((await subscribe(failingRecipient, '192.0.2.31')).statusCode).toBe(200);
    // Every unsent mail was queued a quarter of an hour ago; one of them was given up.
    await t.database.db.update(outbox).set({ createdAt: sql`now() - interval '15 minutes'` }).where(isNull(outbox.sentAt));
    const unsent = await t.database.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.sentAt));
    expect(unsent.length).toBeGreaterThanOrEqual(3);
    await t.database.db.update(outbox).set({ nextAttemptAt: sql`now() + interval '100 years'` }).where(sql`${outbox.id} = ${unsent[0]?.id}`);

    const metrics = await scrape();
    expect(metrics.family('shop_outbox_queued_mails').type).toBe('GAUGE');
    expect(metrics.value('shop_outbox_queued_mails')).toBe(unsent.length - 1);
    expect(metrics.value('shop_outbox_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(900);
    expect(metrics.value('shop_outbox_oldest_queued_age_seconds')).toBeLessThan(1000);
    expect(metrics.value('shop_outbox_parked_mails')).toBe(1);
  });

  it('counts the mails the worker sent and failed to send, and the outbox empties but for those', async () => {
    const due = (await scrape()).value('shop_outbox_queued_mails');
    expect(due).toBeGreaterThanOrEqual(2);
    await t.app.mailWorker.runOnce();
    const metrics = await scrape();
    expect(metrics.value('shop_mail_deliveries_total', { outcome: 'failed' })).toBe(1);
    expect(metrics.value('shop_mail_deliveries_total', { outcome: 'sent' })).toBe(due - 1);
    // The failed mail waits for its retry: it is still queued, and the oldest.
    expect(metrics.value('shop_outbox_queued_mails')).toBe(1);
    expect(metrics.value('shop_outbox_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(900);
  });

  it('times the waits of statements for the database', async () => {
    const metrics = await scrape();
    const waits = metrics.family('shop_database_wait_seconds');
    expect(waits.type).toBe('HISTOGRAM');
    expect(Number(waits.metrics[0]?.buckets?.['+Inf'])).toBeGreaterThan(0);
    const kinds = t.database.kind === 'postgres' ? ['pool'] : ['lock', 'queue'];
    for (const wait of kinds) expect(metrics.text).toMatch(new RegExp(`^shop_database_wait_seconds_count\\{wait="${wait}"\\} [1-9]`, 'm'));
  });
});
