import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { listenAsConfigured } from './listen.ts';

/** The server on a Unix socket, as nginx on the same machine reaches it (deploy/nginx/shop.conf). */

const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-socket-'));
const socketPath = path.join(folder, 'shop.sock');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SOCKET_PATH: socketPath, PUBLIC_URL: 'https://shop.example' });
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

/** GET `address` over the socket with `headers`: the status and the body. */
function get(address: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath, path: address, headers: { host: 'shop.example', ...headers } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

describe('SOCKET_PATH', () => {
  it('is not taken while it is a file, or a socket some server answers on', async () => {
    writeFileSync(socketPath, 'not a socket');
    await expect(listenAsConfigured(t.app, t.env)).rejects.toThrowError(`SOCKET_PATH ${socketPath} exists and is not a socket`);
    rmSync(socketPath);
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(socketPath, resolve));
    await expect(listenAsConfigured(t.app, t.env)).rejects.toThrowError(`another server listens on SOCKET_PATH ${socketPath}`);
    await new Promise((resolve) => other.close(resolve));
  });

  it('is listened on, replacing the file a server that ended abruptly left, and only its owner and group may open it', async () => {
    // A process that exits without closing its server leaves the socket file behind.
    const ended = spawnSync(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => process.exit(0))`]);
    expect(ended.status).toBe(0);
    expect(statSync(socketPath).isSocket()).toBe(true);
    expect(await listenAsConfigured(t.app, t.env)).toContain(socketPath);
    expect(statSync(socketPath).mode & 0o777).toBe(0o660);
    expect(await get('/api/health')).toMatchObject({ status: 200 });
  });

  it("takes the socket's peer for the proxy: the client is the one it names, else this machine", async () => {
    const country = async (headers: Record<string, string>) => (JSON.parse((await get('/api/geolocation/whereami/country', headers)).body) as { code: string }).code;
    expect(await country({ 'x-forwarded-for': '81.221.0.1' })).toBe('CH');
    expect(await country({ 'x-forwarded-for': '8.8.8.8' })).toBe('US');
    // Without it a local process asked (loopback has no country): the language decides.
    expect(await country({ 'accept-language': 'de-DE,de;q=0.9' })).toBe('DE');
  });

  it('is removed when the server stops', async () => {
    await t.app.close();
    expect(existsSync(socketPath)).toBe(false);
  });
});
