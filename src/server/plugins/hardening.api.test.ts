import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newsletterSubscriptions, rateLimitCounters } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { signInAsStaff } from '../../../tests/helpers/staff.ts';
import { startXsrfSession, type XsrfSession } from '../../../tests/helpers/xsrf.ts';

/** Input the framework or the database would choke on, and clients that misbehave, get the one error shape. */

let t: TestApp;
let session: XsrfSession;
beforeAll(async () => {
  t = await createTestApp();
  session = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});

const subscribers = async () => (await t.database.db.select({ n: count() }).from(newsletterSubscriptions))[0]?.n;

const form = { firstName: 'Anna', email: 'anna@example.ch', agreeWithDataPrivacy: true, captchaSolution: 'x' };

describe('text the database cannot store', () => {
  it.each([
    ['a NUL character', 'An\u0000na'],
    ['a lone high surrogate', 'Anna \uD800'],
    ['a lone low surrogate', '\uDC00Anna'],
  ])('refuses %s at its field, in both languages, and stores nothing', async (_name, firstName) => {
    const before = await subscribers();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/',
      headers: { ...session.headers, 'content-type': 'application/json' },
      // JSON.stringify writes lone surrogates as \ud800 escapes, which JSON.parse restores.
      payload: JSON.stringify({ ...form, firstName }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          field: 'firstName',
          code: 'invalidCharacters',
          messagesByLanguage: {
            'en-US': 'This text contains characters that are not allowed.',
            'de-CH': 'Dieser Text enthält Zeichen, die nicht erlaubt sind.',
          },
        },
      ],
    });
    expect(await subscribers()).toBe(before);
  });

  it('refuses them in nested fields, the query and the path', async () => {
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/',
      headers: session.headers,
      payload: { ...form, topicIds: ['ok', 'bad\u0000'] },
    });
    expect(nested.json().errors[0].field).toBe('topicIds.1');
    const query = await t.app.inject('/api/country/?language=%00');
    expect(query.statusCode).toBe(400);
    expect(query.json().errors[0]).toMatchObject({ field: 'language', code: 'invalidCharacters' });
    const path = await t.app.inject('/api/orders/%00/shopping-cart/products-count');
    expect(path.statusCode).toBe(400);
    expect(path.json().errors[0]).toMatchObject({ field: 'orderId', code: 'invalidCharacters' });
  });
});

describe('deeply nested bodies', () => {
  const bracketBomb = '['.repeat(8000) + ']'.repeat(8000);
  const objectBomb = '{"a":'.repeat(3000) + '1' + '}'.repeat(3000);

  it.each([
    ['POST', '/api/newsletter/', bracketBomb],
    ['POST', '/api/orders/', objectBomb],
    ['POST', '/api/users/login', bracketBomb],
    ['PUT', '/api/newsletter/00000000000000000000000000000000000000000000/preferences', bracketBomb],
  ])('%s %s refuses a 16 kB nested body with 400 in the error shape', async (method, url, payload) => {
    const response = await t.app.inject({ method: method as 'POST' | 'PUT', url, headers: { ...session.headers, 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'nestedTooDeeply',
        messagesByLanguage: {
          'en-US': 'The request body nests objects or lists more than 32 levels deep.',
          'de-CH': 'Der Inhalt der Anfrage verschachtelt Objekte oder Listen tiefer als 32 Ebenen.',
        },
      },
    });
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });

  it('reads a body nested as deep as allowed, and finds bad text at its bottom', async () => {
    const depth = 31;
    const payload = `{"firstName":${'['.repeat(depth)}"bad\\u0000"${']'.repeat(depth)}}`;
    const response = await t.app.inject({ method: 'POST', url: '/api/newsletter/', headers: { ...session.headers, 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[0], response.body).toMatchObject({ field: `firstName${'.0'.repeat(depth)}`, code: 'invalidCharacters' });
  });
});

describe('errors raised by the framework', () => {
  it('answers a body sent as text/plain with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/',
      headers: { ...session.headers, 'content-type': 'text/plain' },
      payload: JSON.stringify(form),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({ code: 'unsupportedMediaType', messagesByLanguage: { 'de-CH': expect.any(String) } });
  });

  it('answers a malformed address with 400 and a too long one with 414', async () => {
    const malformed = await t.app.inject('/api/orders/%E0%A4%A/detail');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({ code: 'badRequest', messagesByLanguage: { 'en-US': 'The request could not be read.' } });
    const long = await t.app.inject(`/api/country/?x=${'a'.repeat(5000)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json().error.code).toBe('uriTooLong');
  });
});

describe('headers and addresses', () => {
  /** Sends `head` on a new connection and resolves with the whole answer once the server has answered. */
  function rawRequest(port: number, head: string): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('connect', () => socket.write(head));
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(answer));
    });
  }
  const headerLines = (count: number) => Array.from({ length: count }, (_, index) => `X-H${index}: v\r\n`).join('');
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error?: { code: string; messagesByLanguage: Record<string, string> } };

  it('serves a request with a thousand headers before Host, refuses all headers above 16 KiB with 431, and a request without Host with 400, in the error shape', async () => {
    const served = await createTestApp();
    try {
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = served.app.server.address() as AddressInfo;
      const manyFirst = await rawRequest(port, `GET /api/health HTTP/1.1\r\n${headerLines(1000)}Host: localhost\r\nConnection: close\r\n\r\n`);
      expect(manyFirst).toMatch(/^HTTP\/1\.1 200/);

      const tooMany = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: localhost\r\n${headerLines(2000)}Connection: close\r\n\r\n`);
      expect(tooMany).toMatch(/^HTTP\/1\.1 431/);
      expect(bodyOf(tooMany).error).toMatchObject({ code: 'headersTooLarge', messagesByLanguage: { 'de-CH': 'Die Kopfzeilen der Anfrage sind zu gross.' } });

      const noHost = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
      expect(noHost).toMatch(/^HTTP\/1\.1 400/);
      expect(bodyOf(noHost).error).toMatchObject({ code: 'badRequest', messagesByLanguage: { 'en-US': 'The request could not be read.' } });
    } finally {
      await served.close();
    }
  });

  it('answers a HEAD refused for its headers, by the parser or by our own check, without a body', async () => {
    const served = await createTestApp();
    try {
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = served.app.server.address() as AddressInfo;
      // One header line above Node's limit (refused while parsing), many small ones (refused by our check).
      for (const headers of [`X-Big: ${'a'.repeat(20_000)}\r\n`, headerLines(2000)]) {
        const answer = await rawRequest(port, `HEAD /api/health HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`);
        expect(answer).toMatch(/^HTTP\/1\.1 431/);
        expect(answer.endsWith('\r\n\r\n'), answer).toBe(true);
      }
      // Node's own client reads such an answer whole, as it reads any HEAD answer.
      const status = await new Promise<number | string>((resolve) => {
        const request = http.request({ host: '127.0.0.1', port, method: 'HEAD', path: '/api/health', agent: false, headers: { 'x-big': 'a'.repeat(20_000) } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
        request.end();
      });
      expect(status).toBe(431);
      // A GET refused on the same connection after a HEAD was answered carries its body.
      const socket = net.connect(port, '127.0.0.1');
      let answers = '';
      socket.on('data', (chunk) => (answers += chunk.toString()));
      const closed = new Promise((resolve) => socket.on('close', resolve));
      socket.write('HEAD /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await vi.waitFor(() => expect(answers).toMatch(/^HTTP\/1\.1 200/));
      socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      await closed;
      expect(bodyOf(answers.slice(answers.indexOf('HTTP/1.1 431'))).error?.code).toBe('headersTooLarge');
    } finally {
      await served.close();
    }
  });

  it('answers an unknown API address with doubled slashes in JSON, not with the page', async () => {
    for (const url of ['//api//orders', '/api//nothing', '//captcha//x']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error.code).toBe('notFound');
    }
  });

  it("answers with a request id of its own, and logs the client's beside it", async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'info' }, { logger: { stream: { write: (line) => void lines.push(line) } } });
    try {
      const response = await logged.app.inject({ url: '/api/health', headers: { 'x-request-id': 'client-id-7' } });
      const ours = response.headers['x-request-id'];
      expect(ours).toMatch(/^[0-9a-f-]{36}$/);
      const entry = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: { clientRequestId?: string } }).find((line) => line.req);
      expect(entry).toMatchObject({ reqId: ours, req: { clientRequestId: 'client-id-7' } });
      const odd = await logged.app.inject({ url: '/api/health', headers: { 'x-request-id': 'a\u00e4 b'.repeat(30) } });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await logged.close();
    }
  });
});

describe('the log', () => {
  it('names the route and the error code, never the values sent', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'info' }, { logger: { stream: { write: (line) => void lines.push(line) } } });
    try {
      const xsrf = await startXsrfSession(logged.app);
      await logged.app.inject('/api/country/?language=x&email=secret.person%40example.ch');
      await logged.app.inject({
        method: 'POST',
        url: '/api/newsletter/',
        headers: { ...xsrf.headers, 'content-type': 'application/json' },
        payload: '{"email":"secret.person@example.ch", "firstName": ',
      });
      await logged.app.inject({ method: 'POST', url: '/api/newsletter/', headers: xsrf.headers, payload: { ...form, email: 'secret.person@example' } });
      const log = lines.join('');
      expect(log).toContain('/api/newsletter/');
      expect(log).toContain('FST_ERR_CTP_INVALID_JSON_BODY');
      expect(log).not.toContain('secret.person');
      expect(log).not.toContain('127.0.0.1');
    } finally {
      await logged.close();
    }
  });
});

describe('HTTPS', () => {
  it('sends HSTS and marks cookies Secure when the public address is https, without a proxy setting', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const response = await https.app.inject('/api/xsrf-token');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      for (const cookie of response.cookies) expect(cookie.secure).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('names the staff session cookie with the __Host- prefix, and reads only that name', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const staff = await signInAsStaff(https);
      const me = (cookie: string) => https.app.inject({ url: '/api/users/me', headers: { cookie } });
      expect((await me(`__Host-session=${staff.sessionId}`)).statusCode).toBe(200);
      expect((await me(`session=${staff.sessionId}`)).statusCode).toBe(401);
      const signOut = await https.app.inject({ method: 'POST', url: '/api/users/logout', headers: staff.headers });
      const cleared = signOut.cookies.find((cookie) => cookie.name === '__Host-session');
      expect(cleared).toMatchObject({ path: '/', secure: true, httpOnly: true });
      expect(cleared?.domain).toBeUndefined();
    } finally {
      await https.close();
    }
  });
});

describe('slow and many clients', () => {
  /** Opens a connection, writes `head`, then one byte of `trickle` every 200 ms; resolves with what came back when it closed. */
  function slowClient(port: number, head: string, trickle = ''): Promise<{ answer: string; ms: number }> {
    const started = Date.now();
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < trickle.length && socket.writable) socket.write(trickle[sent++] ?? '');
      }, 200);
      socket.on('connect', () => socket.write(head));
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, ms: Date.now() - started });
      });
    });
  }

  it('drops clients that send headers or body too slowly with 408, while others are served', async () => {
    const slow = await createTestApp({ REQUEST_TIMEOUT_MS: '1000' });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.app.server.address() as AddressInfo;
      const body = JSON.stringify(form);
      const xsrf = Object.entries((await startXsrfSession(slow.app)).headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      const trickledBody = slowClient(
        port,
        `POST /api/newsletter/ HTTP/1.1\r\nHost: localhost\r\n${xsrf}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
      );
      const trickledHeaders = slowClient(port, 'GET /api/health HTTP/1.1\r\n', 'Host: localhost\r\nX-Slow: ' + 'a'.repeat(100));
      const trickledHead = slowClient(port, 'HEAD /api/health HTTP/1.1\r\n', 'Host: localhost\r\nX-Slow: ' + 'a'.repeat(100));
      const served = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(served.status).toBe(200);
      for (const client of await Promise.all([trickledBody, trickledHeaders])) {
        expect(client.answer).toMatch(/^HTTP\/1\.1 408/);
        expect(client.answer).toContain('"code":"requestTimeout"');
        expect(client.ms).toBeLessThan(10_000);
      }
      // A HEAD answer has no body, refusals included.
      const head = await trickledHead;
      expect(head.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(head.answer.endsWith('\r\n\r\n'), head.answer).toBe(true);
    } finally {
      await slow.close();
    }
  });

  // The holders are a trusted proxy's, which are never closed to make room (the next tests).
  it('closes connections beyond MAX_CONNECTIONS at once and serves again once they are gone', async () => {
    const capped = await createTestApp({ REQUEST_TIMEOUT_MS: '1000', MAX_CONNECTIONS: '2', TRUST_PROXY: '127.0.0.1' });
    try {
      await capped.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = capped.app.server.address() as AddressInfo;
      const holders = [slowClient(port, 'GET /api/health HTTP/1.1\r\n'), slowClient(port, 'GET /api/health HTTP/1.1\r\n')];
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await slowClient(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(refused.answer).toBe('');
      await Promise.all(holders);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    } finally {
      await capped.close();
    }
  });
});

/** An open connection from `localAddress` that sends nothing (Linux routes all of 127/8 to the loopback). */
async function idleConnection(port: number, localAddress: string): Promise<net.Socket> {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/** The status of GET /api/health from `localAddress`, or 'closed' when the server drops the connection unanswered. */
function health(port: number, localAddress: string): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, localAddress, path: '/api/health', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve('closed'));
  });
}

/** Waits until the server holds `open` connections, so the next one is counted after them. */
async function untilOpen(app: TestApp['app'], open: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const n = await new Promise<number>((resolve) => app.server.getConnections((_error, count) => resolve(count)));
    if (n >= open) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('connections of one client address', () => {
  it('are capped at MAX_CONNECTIONS_PER_ADDRESS: the excess is closed, other addresses are served', async () => {
    const capped = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '3' });
    const held: net.Socket[] = [];
    try {
      await capped.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = capped.app.server.address() as AddressInfo;
      for (let i = 0; i < 3; i++) held.push(await idleConnection(port, '127.0.0.1'));
      await untilOpen(capped.app, 3);
      expect(await health(port, '127.0.0.1')).toBe('closed');
      expect(await health(port, '127.0.0.2')).toBe(200);
      // One of them gone, the address has room again.
      held.pop()?.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await health(port, '127.0.0.1')).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
      await capped.close();
    }
  });

  it('are not capped for a trusted proxy, whose connections carry many clients', async () => {
    const proxied = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: '127.0.0.1' });
    const held: net.Socket[] = [];
    try {
      await proxied.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = proxied.app.server.address() as AddressInfo;
      for (const address of ['127.0.0.1', '127.0.0.1', '127.0.0.2', '127.0.0.2']) held.push(await idleConnection(port, address));
      await untilOpen(proxied.app, 4);
      expect(await health(port, '127.0.0.1')).toBe(200);
      expect(await health(port, '127.0.0.2')).toBe('closed');
    } finally {
      for (const socket of held) socket.destroy();
      await proxied.close();
    }
  });
});

describe('connections of many client addresses', () => {
  /** A connection from `localAddress` that sends the first line of a request and nothing more; `closed` says after how long it was closed. */
  function slowSender(port: number, localAddress: string): { socket: net.Socket; closed: Promise<number> } {
    const opened = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    socket.on('error', () => undefined);
    socket.on('connect', () => socket.write('GET /api/health HTTP/1.1\r\n'));
    return { socket, closed: new Promise((resolve) => socket.once('close', () => resolve(Date.now() - opened))) };
  }
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // 75 % of 40 is 30; a request may take 10 s, under pressure a tenth of it.
  const limits = { MAX_CONNECTIONS: '40', MAX_CONNECTIONS_PER_ADDRESS: '10', REQUEST_TIMEOUT_MS: '10000' };

  it('from 75 % of MAX_CONNECTIONS on, give a request a tenth of REQUEST_TIMEOUT_MS', async () => {
    const guarded = await createTestApp(limits);
    const senders: ReturnType<typeof slowSender>[] = [];
    try {
      await guarded.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = guarded.app.server.address() as AddressInfo;
      const closed = new Set<net.Socket>();
      const send = (address: string) => {
        const sender = slowSender(port, address);
        void sender.closed.then(() => closed.add(sender.socket));
        senders.push(sender);
        return sender;
      };
      // 29 slow senders from three addresses: below 75 %, each may take its 10 s.
      for (let i = 0; i < 29; i++) send(`127.0.1.${1 + (i % 3)}`);
      await untilOpen(guarded.app, 29);
      await wait(1_200);
      expect(closed.size).toBe(0);
      // The 30th puts the server under pressure: the others, sending for more than 1 s, are closed.
      const last = send('127.0.2.1');
      const times = await Promise.all(senders.slice(0, 29).map((sender) => sender.closed));
      expect(Math.max(...times)).toBeLessThan(5_000);
      // Alone again, the last one keeps its time.
      await wait(1_200);
      expect(closed.has(last.socket)).toBe(false);
    } finally {
      for (const sender of senders) sender.socket.destroy();
      await guarded.close();
    }
  });

  it('cannot shut a new address out together, each below MAX_CONNECTIONS_PER_ADDRESS', async () => {
    const guarded = await createTestApp(limits);
    let attacking = true;
    const open = new Set<net.Socket>();
    const lifetimes: number[] = [];
    /** Keeps a slow sender open from `address`, opening the next one 50 ms after the server closed the last. */
    const keepSending = async (port: number, address: string) => {
      while (attacking) {
        const sender = slowSender(port, address);
        open.add(sender.socket);
        const lifetime = await sender.closed;
        open.delete(sender.socket);
        if (attacking) lifetimes.push(lifetime);
        await wait(50);
      }
    };
    const attackers: Promise<void>[] = [];
    try {
      await guarded.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = guarded.app.server.address() as AddressInfo;
      // Eight addresses with ten slow senders each: twice MAX_CONNECTIONS.
      for (let address = 1; address <= 8; address++) {
        for (let i = 0; i < 10; i++) attackers.push(keepSending(port, `127.0.1.${address}`));
      }
      await untilOpen(guarded.app, 30);
      // New addresses are served all along, while the slow senders are closed and come back.
      for (let i = 1; i <= 8; i++) {
        expect(await health(port, `127.0.3.${i}`)).toBe(200);
        await wait(250);
      }
      expect(lifetimes.length).toBeGreaterThan(0);
      expect(Math.max(...lifetimes)).toBeLessThan(5_000);
    } finally {
      attacking = false;
      for (const socket of open) socket.destroy();
      await Promise.all(attackers);
      await guarded.close();
    }
  });
});

describe('the client address', () => {
  /** The address a mail form from `remoteAddress` with this X-Forwarded-For is counted against (the limit's table). */
  async function countedAddress(app: TestApp, remoteAddress: string, forwardedFor: string): Promise<string[]> {
    await app.database.db.delete(rateLimitCounters);
    const xsrf = await startXsrfSession(app.app);
    await app.app.inject({
      method: 'POST',
      url: '/api/newsletter/',
      remoteAddress,
      headers: { ...xsrf.headers, 'x-forwarded-for': forwardedFor },
      payload: { ...form, captchaSolution: 'not solved' },
    });
    return (await app.database.db.select({ address: rateLimitCounters.clientAddress }).from(rateLimitCounters)).map((row) => row.address);
  }

  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    expect(await countedAddress(t, '198.51.100.7', '203.0.113.9')).toEqual(['198.51.100.7']);
  });

  it('is the address the proxy saw under TRUST_PROXY=1, not the one a client wrote in front of it', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      expect(await countedAddress(proxied, '10.0.0.2', '198.51.100.7')).toEqual(['198.51.100.7']);
      expect(await countedAddress(proxied, '10.0.0.2', '203.0.113.9, 198.51.100.7')).toEqual(['198.51.100.7']);
    } finally {
      await proxied.close();
    }
  });

  it('is taken from X-Forwarded-For only when the peer is one of the addresses of TRUST_PROXY', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' });
    try {
      expect(await countedAddress(proxied, '10.0.0.2', '203.0.113.9, 198.51.100.7')).toEqual(['198.51.100.7']);
      // Two proxies of the list in a row: the address the outer one saw.
      expect(await countedAddress(proxied, '192.0.2.1', '203.0.113.9, 198.51.100.7, 10.1.2.3')).toEqual(['198.51.100.7']);
      expect(await countedAddress(proxied, '::ffff:10.0.0.2', '198.51.100.7')).toEqual(['198.51.100.7']);
      // A client that reaches the server directly.
      expect(await countedAddress(proxied, '198.51.100.8', '203.0.113.9')).toEqual(['198.51.100.8']);
      const direct = await proxied.app.inject({ url: '/api/health', remoteAddress: '198.51.100.8', headers: { 'x-forwarded-proto': 'https' } });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('forms that send mail', () => {
  it('are limited per client address, together, with 429 and Retry-After beyond the limit', async () => {
    const limited = await createTestApp({ MAIL_FORMS_PER_HOUR: '3' });
    try {
      const xsrf = await startXsrfSession(limited.app);
      const send = (url: string, remoteAddress = '192.0.2.10') =>
        limited.app.inject({ method: 'POST', url, remoteAddress, headers: xsrf.headers, payload: { ...form, captchaSolution: 'not solved' } });
      expect((await send('/api/newsletter/')).statusCode).toBe(400);
      expect((await send('/api/contact-form/')).statusCode).toBe(400);
      expect((await send('/api/orders/00000000-0000-4000-8000-000000000000/subscribe')).statusCode).toBe(404);

      const refused = await send('/api/newsletter/');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect(refused.json().error).toMatchObject({ code: 'tooManyRequests', messagesByLanguage: { 'de-CH': expect.any(String) } });
      expect((await send('/api/contact-form/')).statusCode).toBe(429);

      // Another client, and calls that send no mail, are not affected.
      expect((await send('/api/newsletter/', '192.0.2.11')).statusCode).toBe(400);
      expect((await limited.app.inject({ url: '/api/country/', remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
