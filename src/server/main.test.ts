import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';

const port = 3190 + Math.floor(Math.random() * 50);
const dataDir = `tmp/main-test-${port}`;

/** Starts the server on a new data folder, or with `keepData` on the one a previous start left. */
function startServer(options: { keepData?: boolean } = {}) {
  if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits up to a minute (a start on a busy machine is slow); a failure says what the server printed. */
async function waitUntilReady(server?: { output: () => string }): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become ready:\n${server?.output().slice(-2000) ?? ''}`);
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('logs JSON lines with request ids, and on SIGTERM finishes the request in flight, then exits 0', async () => {
    const server = startServer();
    try {
      await waitUntilReady(server);
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
      const lines = server.output().split('\n').filter((line) => line.startsWith('{'));
      const requestLine = lines.map((line) => JSON.parse(line)).find((entry) => entry.req?.route === '/api/xsrf/token');
      expect(requestLine?.reqId).toMatch(/^[0-9a-f-]{36}$/);
      // The start message names the port it really listens on, also for the public address.
      const started = lines.map((line) => JSON.parse(line) as { msg?: string }).find((entry) => entry.msg?.startsWith('listening on'));
      expect(started?.msg).toContain(`listening on http://127.0.0.1:${port}, public address http://localhost:${port} `);
      // A new database gets a demo staff account whose password is shown once.
      expect(server.output()).toMatch(/e-mail: +staff@cybersafe-academy\.example\n +password: +\S{16,}/);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);

  it('keeps every add it answered when it is killed (SIGKILL) right after, with the embedded database', async () => {
    const base = `http://127.0.0.1:${port}`;
    const first = startServer();
    let cartId: string;
    try {
      await waitUntilReady(first);
      const tokenResponse = await fetch(`${base}/api/xsrf/token`);
      const cookie = tokenResponse.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const { token } = (await tokenResponse.json()) as { token: string };
      const headers = { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' };
      const item = { productCode: 'cyber_security_training_basic_v1', quantity: 1, currency: 'CHF', language: 'de-CH', paymentFrequency: 'MONTHLY' };
      const created = await fetch(`${base}/api/orders/`, { method: 'POST', headers, body: JSON.stringify(item) });
      cartId = ((await created.json()) as { id: string }).id;
      const adds = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${base}/api/orders/${cartId}/shopping-cart/`, { method: 'POST', headers, body: JSON.stringify(item) })),
      );
      expect(adds.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 200));
    } finally {
      first.child.kill('SIGKILL');
    }
    await first.exited;

    const second = startServer({ keepData: true });
    try {
      await waitUntilReady(second);
      const cart = (await (await fetch(`${base}/api/orders/${cartId}/shopping-cart/`)).json()) as { items: { quantity: number }[] };
      expect(cart.items.map((line) => line.quantity)).toEqual([21]);
    } finally {
      second.child.kill('SIGKILL');
      await second.exited;
    }
  }, 180_000);
});
