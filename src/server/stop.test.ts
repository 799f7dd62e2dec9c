import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import { freePort, newDataDir as newDataFolder, startServer } from '../../tests/helpers/built-server.ts';
import { startSmtpServer } from '../../tests/helpers/smtp.ts';

/**
 * How the server stops on SIGTERM: `npm start` as a whole, and with a full mail queue
 * (src/server/main.ts, src/server/plugins/graceful-stop.ts, the mail worker).
 */
const dataDirs: { remove(): void }[] = [];
afterAll(() => {
  for (const folder of dataDirs) folder.remove();
});

function newDataDir(): string {
  const folder = newDataFolder('stop-test');
  dataDirs.push(folder);
  return folder.dataDir;
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
    const npm = startServer({ port, command: ['npm', 'start'], settings: { DATA_DIR: newDataDir() } });
    try {
      await npm.ready();
      npm.child.kill('SIGTERM');
      expect(await npm.exited).toBe(0);
      expect(npm.output()).toContain('"msg":"stopped"');
      expect(await refusesConnections(port)).toBe(true);
    } finally {
      await npm.kill();
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
      // No demo orders: the outbox holds only the mails queued here.
      const server = startServer({ port, settings: { DATA_DIR: dataDir, SMTP_URL: smtp.url, DEMO_ORDERS: 'false' } });
      try {
        await server.ready();
        await smtp.waitForMails(count, 60_000);
        const signalled = Date.now();
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        return Date.now() - signalled;
      } finally {
        await server.kill();
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
