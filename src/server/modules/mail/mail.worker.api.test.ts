import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createMailWorker, retryDelaySeconds } from './mail.worker.ts';
import { claimDueMails } from './outbox.repository.ts';
import { createOutboxService } from './outbox.service.ts';
import { fileTransport, maxSendSeconds, smtpTransport, type MailTransport } from './transport.ts';

const settings = { from: 'shop@cybersafe-academy.example', address: 'shop@cybersafe-academy.example', domain: 'cybersafe-academy.example' };
const log = pino({ level: 'silent' });
const outboxService = createOutboxService();

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
/** Each test's SMTP transports: their kept-open connections are closed after it. */
const transports: MailTransport[] = [];
function smtpSendTo(url: string): MailTransport {
  const transport = smtpTransport(url);
  transports.push(transport);
  return transport;
}
afterEach(async () => {
  for (const transport of transports.splice(0)) transport.close?.();
  // Every test starts with an empty outbox and inbox.
  await t.database.db.delete(outbox);
  smtp.mails.length = 0;
});

async function queue(count: number, to = 'buyer@example.ch'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(await outboxService.queue(settings, { to, subject: `Mail ${i}`, text: `Hello ${i}`, html: `<p>Hello ${i}</p>` }, t.database.db));
  }
  return ids;
}

function worker(transport: MailTransport = smtpSendTo(smtp.url), db = t.database.db, leaseSeconds?: number) {
  return createMailWorker({ db, transport, from: settings.from, log, ...(leaseSeconds ? { leaseSeconds } : {}) });
}

describe('the mail worker', () => {
  it('delivers queued mails over SMTP and marks each sent once', async () => {
    const [id] = await queue(1);
    expect(await worker().runOnce()).toBe(1);
    const [mail] = await smtp.waitForMails(1);
    expect(mail?.subject).toBe('Mail 0');
    expect(mail?.messageId).toBe(`<${id}@cybersafe-academy.example>`);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id ?? ''));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.mails).toHaveLength(1);
  });

  it('retries a failed delivery later, with back-off', async () => {
    const [id] = await queue(1);
    let calls = 0;
    const flaky: MailTransport = async (mail) => {
      calls++;
      if (calls === 1) throw new Error('451 try again later');
      await smtpSendTo(smtp.url)(mail);
    };
    const w = worker(flaky);
    expect(await w.runOnce()).toBe(0);
    const [failed] = await t.database.db.select().from(outbox).where(eq(outbox.id, id ?? ''));
    expect(failed).toMatchObject({ attempts: 1, lastError: '451 try again later', sentAt: null });
    expect((failed?.nextAttemptAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(20_000);
    expect(await w.runOnce()).toBe(0); // not due yet
    await t.database.db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await w.runOnce()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    expect([1, 2, 3, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600]);
  });

  it('sends a mail exactly once when a worker dies between claim and send', async () => {
    await queue(1);
    // The dead worker: it claimed the mail (with a short lease) and never came back.
    expect(await claimDueMails(t.database.db, 10, 1)).toHaveLength(1);
    const survivor = worker();
    expect(await survivor.runOnce()).toBe(0); // the claim still holds
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await survivor.runOnce()).toBe(1);
    expect(await survivor.runOnce()).toBe(0);
    await smtp.waitForMails(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(1);
  });

  it('claims one mail per sender, for about a minute: a mail of a process that died waits no longer', async () => {
    await queue(3);
    const releases: (() => void)[] = [];
    // Sends that hang, as in a process killed mid-send; two senders.
    const hanging = createMailWorker({ db: t.database.db, transport: () => new Promise<void>((resolve) => releases.push(resolve)), from: settings.from, log, concurrency: 2 });
    const pass = hanging.runOnce();
    while (releases.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const rows = await t.database.db.select().from(outbox);
    const claimed = rows.filter((row) => row.claimedUntil !== null && row.claimedUntil.getTime() > Date.now());
    expect(claimed).toHaveLength(2);
    for (const row of claimed) {
      const leaseSeconds = ((row.claimedUntil?.getTime() ?? 0) - Date.now()) / 1000;
      expect(leaseSeconds).toBeGreaterThan(maxSendSeconds);
      expect(leaseSeconds).toBeLessThanOrEqual(60);
    }
    // Meanwhile another process sends the third mail.
    expect(await worker().runOnce()).toBe(1);
    for (const release of releases.splice(0)) release();
    // The hanging senders, set free, find nothing more to send.
    expect(await pass).toBe(2);
  });

  it('sends several mails at once over a few kept-open SMTP connections, each mail once', async () => {
    const ids = await queue(40);
    let inFlight = 0;
    let mostInFlight = 0;
    const smtpSend = smtpSendTo(smtp.url);
    const counting: MailTransport = async (mail) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        await smtpSend(mail);
      } finally {
        inFlight--;
      }
    };
    const connectionsBefore = smtp.connections();
    expect(await createMailWorker({ db: t.database.db, transport: counting, from: settings.from, log, concurrency: 4 }).runOnce()).toBe(40);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(4);
    const mails = await smtp.waitForMails(40);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mails).toHaveLength(40);
    expect(new Set(mails.map((mail) => mail.messageId))).toEqual(new Set(ids.map((id) => `<${id}@cybersafe-academy.example>`)));
    // Forty mails over at most four connections, kept open from one mail to the next.
    expect(smtp.connections() - connectionsBefore).toBeLessThanOrEqual(4);
  });

  it('sends one mail at a time while the shop answers requests, and all its senders at once again when it answers none', async () => {
    await queue(12);
    let requests = 1;
    let inFlight = 0;
    let mostWhileAnswering = 0;
    let mostAfter = 0;
    let sent = 0;
    const counting: MailTransport = async () => {
      inFlight++;
      if (requests > 0) mostWhileAnswering = Math.max(mostWhileAnswering, inFlight);
      else mostAfter = Math.max(mostAfter, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      // Halfway the shop has answered its requests: the senders waiting their turn start.
      if (++sent === 6) requests = 0;
    };
    const w = createMailWorker({ db: t.database.db, transport: counting, from: settings.from, log, concurrency: 4, requestsInFlight: () => requests });
    expect(await w.runOnce()).toBe(12);
    expect(mostWhileAnswering).toBe(1);
    expect(mostAfter).toBeGreaterThan(1);
  });

  it('sends a mail killed in the DATA phase again, with the same Message-ID, so the receiver can tell it is one mail', async () => {
    const [id] = await queue(1);
    // The server got the whole message, then the process died before it could mark it sent.
    const killedAfterData: MailTransport = async (mail) => {
      await smtpSendTo(smtp.url)(mail);
      throw new Error('process killed');
    };
    expect(await worker(killedAfterData).runOnce()).toBe(0);
    await t.database.db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await worker().runOnce()).toBe(1);
    const mails = await smtp.waitForMails(2);
    expect(mails.map((mail) => mail.messageId)).toEqual([`<${id}@cybersafe-academy.example>`, `<${id}@cybersafe-academy.example>`]);
  });

  it('stops after the mail it is sending and hands back the others it claimed: a new worker sends what the old one left, each once', async () => {
    const ids = await queue(5);
    let sends = 0;
    const slowly: MailTransport = async (mail) => {
      sends++;
      await new Promise((resolve) => setTimeout(resolve, 200));
      await smtpSendTo(smtp.url)(mail);
    };
    const before = createMailWorker({ db: t.database.db, transport: slowly, from: settings.from, log, batchSize: 3, concurrency: 1 });
    before.start();
    while (sends === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await before.stop();
    expect(sends).toBe(1);
    const rows = await t.database.db.select().from(outbox);
    expect(rows.filter((row) => row.sentAt !== null)).toHaveLength(1);
    // The other two of its claim are free again, and were not counted as attempts.
    expect(rows.filter((row) => row.sentAt === null).map((row) => [row.claimedUntil, row.attempts])).toEqual(Array.from({ length: 4 }, () => [null, 0]));

    expect(await worker().runOnce()).toBe(4); // the "restarted" process
    const mails = await smtp.waitForMails(5);
    expect(new Set(mails.map((mail) => mail.messageId))).toEqual(new Set(ids.map((id) => `<${id}@cybersafe-academy.example>`)));
  });

  it('stops after the mails in flight, one per sender, and leaves the rest unclaimed', async () => {
    await queue(20);
    let started = 0;
    let finished = 0;
    const slowly: MailTransport = async (mail) => {
      started++;
      await new Promise((resolve) => setTimeout(resolve, 200));
      await smtpSendTo(smtp.url)(mail);
      finished++;
    };
    const before = createMailWorker({ db: t.database.db, transport: slowly, from: settings.from, log, concurrency: 4 });
    before.start();
    while (started < 4) await new Promise((resolve) => setTimeout(resolve, 10));
    await before.stop();
    // Every send begun was finished and marked; none was begun after the stop.
    expect(finished).toBe(started);
    const rows = await t.database.db.select().from(outbox);
    expect(rows.filter((row) => row.sentAt !== null)).toHaveLength(started);
    expect(rows.filter((row) => row.sentAt === null).map((row) => [row.claimedUntil, row.attempts])).toEqual(Array.from({ length: 20 - started }, () => [null, 0]));
  });

  it('sends mails queued while one mail is in flight with all its senders, not only the one still working', async () => {
    await queue(1);
    let inFlight = 0;
    let mostInFlight = 0;
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let sends = 0;
    const counting: MailTransport = async (mail) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        // The first mail is held until the others have gone: its sender stays busy all along.
        if (++sends === 1) await firstHeld;
        else await new Promise((resolve) => setTimeout(resolve, 50));
        await smtpSendTo(smtp.url)(mail);
      } finally {
        inFlight--;
      }
    };
    const w = createMailWorker({ db: t.database.db, transport: counting, from: settings.from, log, concurrency: 4 });
    w.start();
    while (sends === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // The other three senders found nothing more and ended; twelve mails come, as a billing run's do.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await queue(12, 'later@example.ch');
    w.wake();
    // Four at once while the first is held: the ended senders came back for the new mails.
    for (const deadline = Date.now() + 5000; mostInFlight < 4 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
    releaseFirst();
    await smtp.waitForMails(13);
    await w.stop();
    expect(mostInFlight).toBe(4);
    expect(await t.database.db.select().from(outbox).where(isNull(outbox.sentAt))).toHaveLength(0);
  });

  it('never sends a mail twice when two processes deliver at once', async () => {
    const ids = await queue(30);
    // A second connection pool stands for the second server process (PostgreSQL);
    // PGlite has one connection, so there the two workers share it.
    const second = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, migrationDatabaseUrl: t.migrationDatabaseUrl }) : undefined;
    try {
      const [a, b] = await Promise.all([worker().runOnce(), worker(undefined, second?.db ?? t.database.db).runOnce()]);
      expect(a + b).toBe(30);
      const mails = await smtp.waitForMails(30);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mails).toHaveLength(30);
      expect(new Set(mails.map((m) => m.messageId))).toEqual(new Set(ids.map((id) => `<${id}@cybersafe-academy.example>`)));
      expect(await t.database.db.select().from(outbox).where(isNull(outbox.sentAt))).toHaveLength(0);
    } finally {
      await second?.close();
    }
  });

  it('composes a mail queued by kind once, at delivery, and resends those same bytes after a failure', async () => {
    const [id = ''] = await outboxService.queueComposedLater([{ to: 'later@example.ch', subject: 'Invoice 1', kind: 'invoice', payload: { n: 1 } }], t.database.db);
    let composed = 0;
    let attempts = 0;
    const sent: string[] = [];
    const w = createMailWorker({
      db: t.database.db,
      from: settings.from,
      domain: settings.domain,
      log,
      composers: {
        invoice: async (payload) => {
          composed++;
          return { subject: 'Invoice 1', text: `Invoice ${payload.n}`, html: '<p>Invoice</p>', attachments: [{ filename: 'a.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' }] };
        },
      },
      transport: async (mail) => {
        attempts++;
        if (attempts === 1) throw new Error('421 busy');
        sent.push(mail.raw);
      },
    });
    expect(await w.runOnce()).toBe(0);
    const [afterFailure] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(afterFailure?.raw).toContain('Invoice 1');
    await t.database.db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await w.runOnce()).toBe(1);
    expect(composed).toBe(1);
    expect(sent[0]).toBe(afterFailure?.raw);
    expect(sent[0]?.replace(/\r?\n /g, " ")).toContain(`Message-ID: <${id}@cybersafe-academy.example>`);
  });

  it('writes .eml files under DATA_DIR/mail when no SMTP server is set', async () => {
    const folder = path.join('tmp', `mail-test-${process.pid}-${Date.now()}`);
    const logged: string[] = [];
    await queue(1, 'file@example.ch');
    expect(await worker(fileTransport(folder, (m) => logged.push(m))).runOnce()).toBe(1);
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(folder, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: file@example.ch');
    expect(eml).toContain('Subject: Mail 0');
    expect(logged[0]).toContain(files[0]);
    expect(logged[0]).not.toContain('file@example.ch');
    rmSync(folder, { recursive: true, force: true });
    expect(existsSync(folder)).toBe(false);
  });

  it('writes the next .eml file when its folder was removed after the first', async () => {
    const folder = path.join('tmp', `mail-test-${process.pid}-${Date.now()}-again`);
    const transport = fileTransport(folder, () => {});
    await queue(1, 'first@example.ch');
    expect(await worker(transport).runOnce()).toBe(1);
    rmSync(folder, { recursive: true, force: true });
    await queue(1, 'second@example.ch');
    expect(await worker(transport).runOnce()).toBe(1);
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(readFileSync(path.join(folder, files[0] ?? ''), 'utf8')).toContain('To: second@example.ch');
    rmSync(folder, { recursive: true, force: true });
  });
});
