import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answeredSafely } from './errors.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose every request goes to `answer`, made safe; a request it declines is answered 204. */
async function serve(answer: Parameters<typeof answeredSafely>[0], log: Parameters<typeof answeredSafely>[1]): Promise<string> {
  const safe = answeredSafely(answer, log);
  server = createServer((request, response) => {
    if (!safe(request, response)) response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('an answer made outside Fastify', () => {
  it('that throws is answered 500 in the error shape, logged with the request id, and the server goes on', async () => {
    const logged: { requestId: string; type: string }[] = [];
    let calls = 0;
    const base = await serve(
      () => {
        calls++;
        if (calls === 1) throw new TypeError("Cannot read properties of undefined (reading 'url')");
        return false;
      },
      (_request, requestId, error) => logged.push({ requestId, type: error.type }),
    );
    const failed = await fetch(`${base}/web/en-US/`);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toContain('application/json');
    const body = (await failed.json()) as { error: { code: string; messagesByLanguage: Record<string, string> } };
    expect(body.error.code).toBe('internal');
    expect(Object.keys(body.error.messagesByLanguage).sort()).toEqual(['de-CH', 'en-US']);
    expect(logged).toEqual([{ requestId: failed.headers.get('x-request-id'), type: 'TypeError' }]);
    expect((await fetch(`${base}/web/en-US/`)).status).toBe(204);
  });

  it('is answered even when the log throws too, and a HEAD gets no body', async () => {
    const base = await serve(
      () => {
        throw new Error('page failed');
      },
      () => {
        throw new Error('log failed');
      },
    );
    const head = await fetch(`${base}/web/en-US/`, { method: 'HEAD' });
    expect(head.status).toBe(500);
    expect(await head.text()).toBe('');
    expect((await fetch(`${base}/web/en-US/`)).status).toBe(500);
  });

  it('that throws after its headers were sent closes the connection, and the server goes on', async () => {
    let calls = 0;
    const base = await serve(
      (_request, response) => {
        calls++;
        if (calls > 1) return false;
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<!doctype html>');
        throw new Error('body failed');
      },
      () => undefined,
    );
    await expect(fetch(`${base}/web/en-US/`).then((response) => response.text())).rejects.toThrow();
    expect((await fetch(`${base}/web/en-US/`)).status).toBe(204);
  });
});
