import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import { startSmtpServer } from '../../tests/helpers/smtp.ts';

/**
 * How the server stops on SIGTERM: `npm start` as a whole, and with a full mail queue
 * (src/server/main.ts, src/server/plugins/graceful-stop.ts, the mail worker).
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
      expect(npm.output()).toContain('"msg":"stopped"');
      expect(await refusesConnections(port)).toBe(true);
    } finally {
      npm.child.kill('SIGKILL');
    }
  }, 180_000);

  it('with 2,000 mails queued for a slow SMTP server ends within 15 s after the mails being sent, sends none twice and leaves none claimed', async () => {
    const smtp = await startSmtpServer(0, { delayMs: 20 });
    const dataDir = newDataDir();
    const queued = 2_000;
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
    await database.db.insert(outbox).values(
      Array.from({ length: queued }, (_, n) => {
        const id = randomUUID();
        const raw = `Message-ID: <${id}@shop.example>\r\nFrom: shop@shop.example\r\nTo: buyer-${n}@example.ch\r\nSubject: Mail ${n}\r\n\r\nHello ${n}\r\n`;
        return { id, recipient: `buyer-${n}@example.ch`, subject: `Mail ${n}`, raw };
      }),
    );
    await database.close();

    /** The outbox as the stopped server left it. */
    const outboxAfterStop = async () => {
      const reopened = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
      try {
        const rows = await reopened.db.select().from(outbox);
        const sent = rows.filter((row) => row.sentAt !== null).length;
        const claimed = (await reopened.db.select().from(outbox).where(isNotNull(outbox.claimedUntil))).length;
        return { sent, claimed, unsent: rows.length - sent };
      } finally {
        await reopened.close();
      }
    };
    const runUntilMails = async (count: number) => {
      const port = await freePort();
      const server = start(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { PORT: String(port), DATA_DIR: dataDir, SMTP_URL: smtp.url });
      try {
        await waitUntilReady(port, server.child, server.output);
        await smtp.waitForMails(count, 60_000);
        const signalled = Date.now();
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        return Date.now() - signalled;
      } finally {
        server.child.kill('SIGKILL');
      }
    };

    try {
      const firstStopMs = await runUntilMails(20);
      expect(firstStopMs).toBeLessThan(15_000);
      const first = await outboxAfterStop();
      expect(first).toMatchObject({ sent: smtp.mails.length, claimed: 0 });
      expect(first.unsent).toBeGreaterThan(queued / 2);

      // The next start goes on where this one stopped.
      const secondStopMs = await runUntilMails(smtp.mails.length + 20);
      expect(secondStopMs).toBeLessThan(15_000);
      const second = await outboxAfterStop();
      expect(second).toMatchObject({ sent: smtp.mails.length, claimed: 0 });
      expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(smtp.mails.length);
      console.info(`stops with ${queued} mails queued: ${firstStopMs} ms, ${secondStopMs} ms (${smtp.mails.length} sent in all)`);
    } finally {
      await smtp.close();
    }
  }, 180_000);
});
