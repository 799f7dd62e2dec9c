import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { followConnections, type GracefulStop } from './graceful-stop.ts';

/**
 * The stop of src/server/plugins/graceful-stop.ts on a plain HTTP server: 127.0.0.1 plays
 * the proxy (as with TRUST_PROXY=127.0.0.1), 127.0.0.2 a client.
 */
let server: http.Server;
let stopper: GracefulStop;
let port = 0;
const sockets: net.Socket[] = [];

/** Answers after `?wait=ms`, keep-alive. */
async function startServer(): Promise<void> {
  server = http.createServer((request, response) => {
    const wait = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('wait') ?? 0);
    setTimeout(() => response.end('ok'), wait);
  });
  server.keepAliveTimeout = 5_000;
  stopper = followConnections(server, { isProxy: (address) => address === '127.0.0.1' || address === '::ffff:127.0.0.1' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
}

/** A kept-open connection from `localAddress`, and what it receives. */
async function connect(localAddress: string) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  return {
    socket,
    closed,
    received: () => received,
    isClosed: () => socket.destroyed || socket.readyState === 'closed',
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: shop\r\n\r\n`),
    async answered(count: number) {
      while ((received.match(/HTTP\/1\.1 200/g) ?? []).length < count) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}

/** What a new connection meets: an error code, or `connected`. */
function connectionError(): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** The server, and one request from a client and one from the proxy, each on a connection of its own. */
async function clientAndProxy(path: string) {
  await startServer();
  const client = await connect('127.0.0.2');
  const proxy = await connect('127.0.0.1');
  client.send(path);
  proxy.send(path);
  return { client, proxy };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server.closeAllConnections();
  server.close();
});

describe('a graceful stop', () => {
  it('refuses new connections, closes a client idle connection at once and leaves the proxy its own', async () => {
    const { client, proxy } = await clientAndProxy('/');
    await client.answered(1);
    await proxy.answered(1);

    const stopped = stopper.stop(10_000);
    await client.closed;
    expect(await connectionError()).toBe('ECONNREFUSED');
    await sleep(300);
    expect(proxy.isClosed()).toBe(false);

    // The proxy may still send on its connection: answered, and told that it ends.
    proxy.send('/');
    await proxy.answered(2);
    expect(proxy.received().split('HTTP/1.1 200')[2]).toMatch(/connection: close/i);
    await proxy.closed;
    await stopped;
  });

  it('answers the requests in progress with Connection: close, then ends', async () => {
    const { client, proxy } = await clientAndProxy('/?wait=300');
    await sleep(100);
    const started = Date.now();
    await stopper.stop(10_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const connection of [client, proxy]) {
      expect(connection.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*connection: close/i);
      await connection.closed;
    }
  });

  it('closes what is still open after its time', async () => {
    await startServer();
    const proxy = await connect('127.0.0.1');
    proxy.send('/');
    await proxy.answered(1);
    const started = Date.now();
    await stopper.stop(500);
    await proxy.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
