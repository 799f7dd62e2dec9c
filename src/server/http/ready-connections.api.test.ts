import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestApp, buildTestSite } from '../../../tests/helpers/built-site.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * The connection front (src/server/http/ready-connections.ts) over real connections: what
 * it answers must be what Node's server answers, byte for byte but the request's own
 * headers, and whatever it does not answer must reach Node's server unchanged.
 */

let site: ReturnType<typeof buildTestSite>;
let t: TestApp;
let port: number;
beforeAll(async () => {
  site = buildTestSite({ siteCss: 'body{margin:0}' });
  await addTestApp(site.distDir);
  t = await createTestApp({}, { distDir: site.distDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  site.remove();
});

interface RawAnswer {
  status: number;
  /** Lower-case names; a repeated header's values joined by "\n". */
  headers: Record<string, string>;
  body: Buffer;
}

/** A connection that reads answers one after the other from the bytes the server sends. */
function openConnection(): Promise<{ socket: Socket; send(text: string): void; next(method?: string): Promise<RawAnswer>; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let wake: (() => void) | undefined;
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      wake?.();
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    void closed.then(() => wake?.());
    const next = async (method = 'GET'): Promise<RawAnswer> => {
      for (;;) {
        const headEnd = received.indexOf('\r\n\r\n');
        if (headEnd !== -1) {
          const [statusLine = '', ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
          const headers: Record<string, string> = {};
          for (const line of lines) {
            const colon = line.indexOf(':');
            const name = line.slice(0, colon).toLowerCase();
            const value = line.slice(colon + 1).trim();
            headers[name] = headers[name] === undefined ? value : `${headers[name]}\n${value}`;
          }
          const status = Number(statusLine.split(' ')[1]);
          const length = method === 'HEAD' || status === 304 ? 0 : Number(headers['content-length'] ?? 0);
          if (received.length >= headEnd + 4 + length) {
            const body = received.subarray(headEnd + 4, headEnd + 4 + length);
            received = received.subarray(headEnd + 4 + length);
            return { status, headers, body };
          }
        }
        if (socket.destroyed) throw new Error('closed before a whole answer arrived');
        await new Promise<void>((done) => (wake = done));
      }
    };
    socket.once('connect', () => resolve({ socket, send: (text) => socket.write(text, 'latin1'), next, closed }));
    socket.once('error', reject);
  });
}

const get = (path: string, headers: string[] = [], method = 'GET') => [`${method} ${path} HTTP/1.1`, 'Host: localhost', ...headers, '', ''].join('\r\n');

/** The headers of an answer but those each answer has of its own. */
const sameEach = (headers: Record<string, string>) => {
  const { date: _date, 'x-request-id': _id, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

describe('the connection front', () => {
  it('answers a page as Node’s server does: every encoding, HEAD, 304, the currency and locale cookies', async () => {
    const asks = [
      { path: '/web/en-US/trainings', headers: ['Accept-Encoding: br, gzip'] },
      { path: '/web/de-CH/trainings', headers: ['Accept-Encoding: gzip', 'Cookie: currency=CHF; locale=de-CH'] },
      { path: '/web/en-US/', headers: [] },
      { path: '/web/en-US/trainings/?utm=1', headers: ['Cookie: currency=USD', 'X-Forwarded-Proto: https'] },
      { path: '/web/en-US/trainings', headers: ['Accept-Encoding: br'], method: 'HEAD' },
      // Values without a space after the colon or with blanks around them, a repeated Cookie.
      { path: '/web/de-CH/', headers: ['accept-encoding:gzip', 'Cookie:\tcurrency=EUR \t', 'COOKIE: locale=en-US'] },
    ];
    const front = await openConnection();
    try {
      for (const ask of asks) {
        front.send(get(ask.path, ask.headers, ask.method));
        const ofFront = await front.next(ask.method);
        // `Connection: close` is left to Node's server: the same request, answered there.
        const node = await openConnection();
        node.send(get(ask.path, [...ask.headers, 'Connection: close'], ask.method));
        const ofNode = await node.next(ask.method);
        expect(ofFront.status, ask.path).toBe(200);
        expect(sameEach(ofFront.headers), ask.path).toEqual(sameEach(ofNode.headers));
        expect(ofFront.body.equals(ofNode.body), ask.path).toBe(true);
        expect(ofFront.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(ofFront.headers.connection).toBe('keep-alive');
        expect(ofNode.headers.connection).toBe('close');
        await node.closed;
      }
      front.send(get('/web/en-US/trainings'));
      const etag = (await front.next()).headers.etag ?? '';
      front.send(get('/web/en-US/trainings', [`If-None-Match: ${etag}`]));
      const notModified = await front.next();
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
    } finally {
      front.socket.destroy();
    }
  });

  it('hands the connection to Node’s server at the first request it does not answer, and Node answers the rest', async () => {
    const connection = await openConnection();
    try {
      connection.send(get('/web/en-US/'));
      expect((await connection.next()).status).toBe(200);
      connection.send(get('/api/health'));
      const health = await connection.next();
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body.toString())).toMatchObject({ status: 'ok' });
      connection.send(get('/web/en-US/trainings'));
      const page = await connection.next();
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('<html');
      connection.send(get('/web/en-US/no-such-page'));
      expect((await connection.next()).status).toBe(404);
    } finally {
      connection.socket.destroy();
    }
  });

  it('answers requests sent together in their order, then what follows them on Node’s side', async () => {
    const connection = await openConnection();
    try {
      connection.send(get('/web/en-US/') + get('/web/de-CH/', [], 'HEAD') + get('/web/en-US/trainings') + get('/api/health'));
      const answers = [await connection.next(), await connection.next('HEAD'), await connection.next(), await connection.next()];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(answers[1]?.body.length).toBe(0);
      expect(answers[2]?.body.toString()).toContain('/web/en-US/trainings');
      expect(JSON.parse(answers[3]?.body.toString() ?? '')).toMatchObject({ status: 'ok' });
    } finally {
      connection.socket.destroy();
    }
  });

  it('leaves to Node’s parser what it does not read itself: a body, bare line feeds, a control character, a head in pieces, two Hosts', async () => {
    const withBody = await openConnection();
    withBody.send(get('/web/en-US/', ['Content-Length: 0']));
    expect((await withBody.next()).status).toBe(200);
    withBody.socket.destroy();

    const bareLineFeeds = await openConnection();
    bareLineFeeds.send('GET /web/en-US/ HTTP/1.1\nHost: localhost\n\n');
    const refused = await bareLineFeeds.next().catch(() => undefined);
    // Node's parser refuses it (our error shape) or closes the connection; it is never a page.
    if (refused) {
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body.toString())).toMatchObject({ error: expect.anything() });
    }
    bareLineFeeds.socket.destroy();

    const controlCharacter = await openConnection();
    controlCharacter.send(get('/web/en-US/', ['X-Note: a\u0001b']));
    const refusedControl = await controlCharacter.next().catch(() => undefined);
    if (refusedControl) expect(refusedControl.status).toBe(400);
    controlCharacter.socket.destroy();

    const inPieces = await openConnection();
    const whole = get('/web/en-US/trainings');
    inPieces.send(whole.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 50));
    inPieces.send(whole.slice(20));
    const page = await inPieces.next();
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('/web/en-US/trainings');
    inPieces.socket.destroy();

    const twoHosts = await openConnection();
    twoHosts.send(get('/web/en-US/', ['Host: example.com']));
    expect((await twoHosts.next()).status).toBe(200);
    twoHosts.socket.destroy();
  });

  it('answers a client that stops sending after its request, then closes the connection', async () => {
    const connection = await openConnection();
    connection.socket.end(get('/web/en-US/'));
    expect((await connection.next()).status).toBe(200);
    await connection.closed;
  });

  it('answers a client that reads its answers late every one of them, in order', async () => {
    const connection = await openConnection();
    try {
      connection.socket.pause();
      const count = 300;
      connection.send(Array.from({ length: count }, (_, index) => get(index % 2 ? '/web/en-US/trainings' : '/web/de-CH/')).join(''));
      await new Promise((resolve) => setTimeout(resolve, 200));
      connection.socket.resume();
      for (let index = 0; index < count; index++) {
        const answer = await connection.next();
        expect(answer.status).toBe(200);
        expect(answer.body.toString()).toContain(index % 2 ? '/web/en-US/trainings' : '/web/de-CH/');
      }
    } finally {
      connection.socket.destroy();
    }
  });
});

describe('the connection front when the server closes', () => {
  it('closes its idle connections with the app, which then closes', async () => {
    const own = await createTestApp({}, { distDir: site.distDir });
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const ownPort = (own.app.server.address() as AddressInfo).port;
    const socket = connect(ownPort, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(get('/web/en-US/'));
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    await own.close();
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});
