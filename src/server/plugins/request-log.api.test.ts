import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestApp, buildTestSite } from '../../../tests/helpers/built-site.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import type { LogOptions } from './request-log.ts';

/**
 * The log at the default level (info), over a real connection: the marketing pages are
 * answered before Fastify (src/server/app.ts), so app.inject() would not take that path.
 */
let site: ReturnType<typeof buildTestSite>;
beforeAll(async () => {
  site = buildTestSite({ siteCss: 'body{margin:0}' });
  await addTestApp(site.distDir);
});
afterAll(() => site.remove());

/** One request of each way through the server: a ready page, a rendered app page, an API call, a refusal, a 404. */
const paths = [
  { method: 'GET', url: '/web/en-US/', status: 200 },
  { method: 'HEAD', url: '/web/de-CH/trainings', status: 200 },
  { method: 'GET', url: '/web/en-US/no-such-page', status: 404 },
  { method: 'GET', url: '/app/orders/00000000-0000-4000-8000-000000000000/shopping-cart', status: 200 },
  { method: 'GET', url: '/app/contact-us', status: 200 },
  { method: 'GET', url: '/api/health', status: 200 },
  { method: 'GET', url: '/api/country/?language=xx', status: 400 },
  { method: 'GET', url: '/api/nothing-here', status: 404 },
] as const;

async function served(logger: Pick<LogOptions, 'stream' | 'serializers'>): Promise<{ t: TestApp; base: string }> {
  const t = await createTestApp({ LOG_LEVEL: 'info' }, { distDir: site.distDir, logger });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

/** Sends every request of `paths` twice and gives the statuses. */
async function statusesOf(base: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const { method, url } of paths) statuses.push((await fetch(`${base}${url}`, { method })).status);
  }
  return statuses;
}
const expectedStatuses = [...paths, ...paths].map((path) => path.status);

describe('the request log', () => {
  it('logs a marketing page answered before Fastify at the default level, with its route and its request id', async () => {
    const lines: string[] = [];
    const { t, base } = await served({ stream: { write: (line) => void lines.push(line) } });
    try {
      expect(await statusesOf(base)).toEqual(expectedStatuses);
      const response = await fetch(`${base}/web/en-US/`);
      const entries = lines.map((line) => JSON.parse(line) as { msg: string; req?: { route?: string; id?: string; method?: string }; res?: unknown });
      const page = entries.find((entry) => entry.msg === 'request completed' && entry.req?.id === response.headers.get('x-request-id'));
      expect(page?.req).toEqual({ method: 'GET', route: '/web/*', id: response.headers.get('x-request-id') });
      // The page's line is the very text pino writes for the same values, but for its time.
      const pageLine = lines.find((line) => line.includes(`"id":"${response.headers.get('x-request-id')}"`))!;
      const { req, res, responseTime } = JSON.parse(pageLine) as Record<string, unknown>;
      t.app.log.info({ req, res, responseTime }, 'request completed');
      const withoutTime = (line: string) => line.replace(/"time":\d+,/, '');
      expect(withoutTime(pageLine)).toBe(withoutTime(lines.at(-1)!));
      const api = entries.filter((entry) => entry.req?.route === '/api/health');
      expect(api.map((entry) => entry.msg)).toEqual(['request completed', 'request completed']);
      expect(api[0]?.req).toMatchObject({ method: 'GET', route: '/api/health' });
      expect(api[0]).toMatchObject({ res: { statusCode: 200 } });
      // One line per request (the app pages' own calls to the API among them), none before the answer at this level.
      const completed = entries.filter((entry) => entry.msg === 'request completed').map((entry) => entry.req?.id);
      expect(completed.length).toBeGreaterThan(expectedStatuses.length);
      expect(new Set(completed).size).toBe(completed.length);
      expect(entries.filter((entry) => entry.msg === 'incoming request')).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('keeps the server answering every kind of request when the log stream throws', async () => {
    const { t, base } = await served({
      stream: {
        write: () => {
          throw new Error('disk full');
        },
      },
    });
    try {
      expect(await statusesOf(base)).toEqual(expectedStatuses);
    } finally {
      await t.close();
    }
  });

  it('keeps the server answering every kind of request when a serializer throws, and logs the rest of the line', async () => {
    const lines: string[] = [];
    const failing = () => {
      throw new Error('cannot serialize');
    };
    const { t, base } = await served({ stream: { write: (line) => void lines.push(line) }, serializers: { req: failing, res: failing } });
    try {
      expect(await statusesOf(base)).toEqual(expectedStatuses);
      const entries = lines.map((line) => JSON.parse(line) as { msg: string; req?: unknown; res?: unknown });
      const completed = entries.filter((entry) => entry.msg === 'request completed');
      expect(completed.length).toBeGreaterThanOrEqual(expectedStatuses.length);
      for (const key of ['req', 'res'] as const) {
        const values = entries.filter((entry) => key in entry).map((entry) => entry[key]);
        expect(values.length, key).toBeGreaterThanOrEqual(expectedStatuses.length);
        expect(new Set(values.map((value) => JSON.stringify(value))), key).toEqual(new Set(['{"unserializable":true}']));
      }
    } finally {
      await t.close();
    }
  });
});
