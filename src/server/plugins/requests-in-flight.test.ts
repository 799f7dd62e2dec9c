import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { countRequestsInFlight } from './requests-in-flight.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server whose `/held` answers when `release` is called, counting its requests. */
async function heldServer() {
  const app = Fastify();
  const inFlight = countRequestsInFlight(app);
  const releases: (() => void)[] = [];
  app.get('/held', async () => {
    await new Promise<void>((resolve) => releases.push(resolve));
    return { ok: true };
  });
  app.get('/quick', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  const { port } = app.server.address() as AddressInfo;
  return { app, port, inFlight, releases };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('requests in flight', () => {
  it('counts a request from its arrival until its answer is sent', async () => {
    const { app, port, inFlight, releases } = await heldServer();
    expect(inFlight()).toBe(0);
    const answered = fetch(`http://127.0.0.1:${port}/held`).then((response) => response.json());
    await until(() => releases.length === 1);
    expect(inFlight()).toBe(1);
    expect((await app.inject({ url: '/quick' })).statusCode).toBe(200);
    expect(inFlight()).toBe(1);
    releases[0]?.();
    expect(await answered).toEqual({ ok: true });
    await until(() => inFlight() === 0);
    expect(inFlight()).toBe(0);
  });

  it('stops counting a request whose connection is cut before its answer', async () => {
    const { port, inFlight, releases } = await heldServer();
    const cut = httpRequest({ host: '127.0.0.1', port, path: '/held' });
    cut.on('error', () => {});
    cut.end();
    await until(() => releases.length === 1);
    expect(inFlight()).toBe(1);
    cut.destroy();
    await until(() => inFlight() === 0);
    expect(inFlight()).toBe(0);
    // Answering it afterwards changes nothing.
    releases[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inFlight()).toBe(0);
  });
});
