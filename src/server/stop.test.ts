import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * How the server stops on SIGTERM: `npm start` as a whole (scripts/start.ts, src/server/main.ts).
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDirs: string[] = [];
afterAll(() => {
  for (const folder of dataDirs) rmSync(folder, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function newDataDir(): string {
  const folder = path.join(root, `tmp/stop-test-${randomUUID()}`);
  dataDirs.push(folder);
  return folder;
}

function start(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', DATABASE_URL: '', DEMO_ORDERS: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitUntilReady(port: number, child: ChildProcess, output: () => string): Promise<void> {
  // Long enough for a build, when the sources changed since the last one.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready:\n${output()}`);
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('a stop', () => {
  it('of npm start (SIGTERM to npm) stops the server: nothing listens on its port afterwards', async () => {
    const port = await freePort();
    const npm = start('npm', ['start'], { PORT: String(port), DATA_DIR: newDataDir() });
    try {
      await waitUntilReady(port, npm.child, npm.output);
      npm.child.kill('SIGTERM');
      expect(await npm.exited).toBe(0);
      expect(await refusesConnections(port)).toBe(true);
    } finally {
      npm.child.kill('SIGKILL');
    }
  }, 180_000);
});
