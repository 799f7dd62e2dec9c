import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, newDataDir, startServer as startBuiltServer, type ServerProcess } from '../../tests/helpers/built-server.ts';

/** The server as `npm start` runs it (tests/helpers/built-server.ts), on a data folder of this file's. */
const data = newDataDir('main-test');
let port = 0;
afterAll(() => data.remove());

/** Starts the server on a new data folder, or with `keepData` on the one a previous start left. */
async function startServer(options: { keepData?: boolean } = {}): Promise<ServerProcess> {
  if (!options.keepData) {
    data.remove();
    port = await freePort();
  }
  return startBuiltServer({ port, settings: { DATA_DIR: data.dataDir } });
}

describe('the server process', () => {
  it('logs JSON lines with request ids, and on SIGTERM finishes the request in flight, then exits 0', async () => {
    const server = await startServer();
    try {
      await server.ready();
      const tokenResponse = await fetch(`http://127.0.0.1:${port}/api/xsrf/token`);
      const cookies = tokenResponse.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const { token } = (await tokenResponse.json()) as { token: string };

      // A request whose body is still arriving when SIGTERM comes.
      const body = JSON.stringify({ slow: 'x'.repeat(50) });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      const answered = new Promise((resolve) => socket.once('end', resolve));
      socket.write(
        `POST /api/in-flight HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
          `Cookie: ${cookies}\r\nX-XSRF-TOKEN: ${token}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.write(body.slice(10));
      await answered;

      expect(answer).toMatch(/^HTTP\/1\.1 404/);
      expect(answer).toContain('"code":"notFound"');
      expect(await server.exited).toBe(0);
      const requestLine = server.log().find((entry) => (entry.req as { route?: string } | undefined)?.route === '/api/xsrf/token');
      expect(requestLine?.reqId).toMatch(/^[0-9a-f-]{36}$/);
      // The start message names the port it really listens on, also for the public address.
      const started = server.log().find((entry) => entry.msg?.startsWith('listening on'));
      expect(started?.msg).toContain(`listening on http://127.0.0.1:${port}, public address http://localhost:${port} `);
      // A new database gets a demo staff account whose password is shown once.
      expect(server.output()).toMatch(/e-mail: +staff@cybersafe-academy\.example\n +password: +\S{16,}/);
    } finally {
      await server.kill();
    }
  }, 120_000);

  it('keeps every add it answered when it is killed (SIGKILL) right after, with the embedded database', async () => {
    const first = await startServer();
    let cartId: string;
    try {
      await first.ready();
      const tokenResponse = await fetch(`${first.baseUrl}/api/xsrf/token`);
      const cookie = tokenResponse.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const { token } = (await tokenResponse.json()) as { token: string };
      const headers = { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' };
      const item = { productCode: 'cyber_security_training_basic_v1', quantity: 1, currency: 'CHF', language: 'de-CH', paymentFrequency: 'MONTHLY' };
      const created = await fetch(`${first.baseUrl}/api/orders/`, { method: 'POST', headers, body: JSON.stringify(item) });
      cartId = ((await created.json()) as { id: string }).id;
      const adds = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${first.baseUrl}/api/orders/${cartId}/shopping-cart/`, { method: 'POST', headers, body: JSON.stringify(item) })),
      );
      expect(adds.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 200));
    } finally {
      await first.kill();
    }

    const second = await startServer({ keepData: true });
    try {
      await second.ready();
      const cart = (await (await fetch(`${first.baseUrl}/api/orders/${cartId}/shopping-cart/`)).json()) as { items: { quantity: number }[] };
      expect(cart.items.map((line) => line.quantity)).toEqual([21]);
    } finally {
      await second.kill();
    }
  }, 180_000);

  it('logs a failure nothing caught at fatal, stops gracefully and exits 1, for its supervisor to start it again', async () => {
    data.remove();
    port = await freePort();
    // A stand-in for a defect outside every handler: SIGUSR2 throws, or rejects, in the server's process.
    const defects = {
      'uncaught exception': 'process.on("SIGUSR2", () => { throw new Error("escaped every handler"); });',
      'unhandled rejection': 'process.on("SIGUSR2", () => { Promise.reject(new Error("escaped every handler")); });',
    };
    for (const [kind, defect] of Object.entries(defects)) {
      const server = startBuiltServer({ port, command: [process.execPath, '--import', `data:text/javascript,${encodeURIComponent(defect)}`, 'scripts/start.mjs'], settings: { DATA_DIR: data.dataDir } });
      try {
        await server.ready();
        server.child.kill('SIGUSR2');
        expect(await server.exited, kind).toBe(1);
        const fatal = server.log().find((entry) => entry.level === 60);
        expect(fatal?.msg, kind).toBe(`${kind}: stopping`);
        expect((fatal?.err as { message?: string } | undefined)?.message, kind).toBe('escaped every handler');
        expect(server.log().at(-1)?.msg, kind).toBe('stopped');
      } finally {
        await server.kill();
      }
    }
  }, 240_000);
});
