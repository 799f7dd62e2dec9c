import { mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { openDatabase, type Database } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import { createInvoicesService } from '#server/modules/invoices/invoices.service.ts';
import { createMailService } from '#server/modules/mail/mail.service.ts';
import { createOutboxService } from '#server/modules/mail/outbox.service.ts';

/**
 * `npx tsx bench/mail.ts`: how many mails a second the mail worker hands to an SMTP server
 * on loopback (smtp-server, which reads each message and answers 250), out of an outbox on
 * PGlite in a fresh data folder, as `npm start` keeps it. Two runs: mails without
 * attachment (composed when queued, as most of the shop's mails), and order confirmations
 * with their invoice PDF, rendered at delivery in the invoice thread as the checkout's are.
 * Target: ≥ 100 mails/s without attachment (docs/decisions/046-mail-throughput-and-memory.md).
 */

const settings = { from: 'CyberSafe Academy <shop@cybersafe-academy.example>', address: 'shop@cybersafe-academy.example', domain: 'cybersafe-academy.example' };

const invoice = {
  language: 'de-CH' as const,
  number: '2026-000042',
  issuedAt: new Date('2026-11-21T10:00:00Z'),
  paymentTermDays: 30,
  currency: 'CHF' as const,
  buyer: { company: 'Muster AG', contactName: 'Anna Muster', email: 'anna@example.ch', address: { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', country: 'Schweiz', countryCode: 'CH' } },
  lines: [{ title: 'Cyber-Security-Training Basic', paymentFrequency: 'ONE_TIME' as const, quantity: 3, periodMonths: null, unitPrice: 49, total: 147 }],
  totals: { net: 147, vatRate: 8.1, vatAmount: 11.91, gross: 158.91, vatKind: 'SWISS_VAT' as const, perMonth: null },
};

export interface MailFigure {
  mails: number;
  seconds: number;
  perSecond: number;
  /** Average size of a message as the SMTP server received it. */
  averageBytes: number;
}

/**
 * An SMTP server on loopback that reads every message whole and counts it, and, for
 * bench/billing.ts, the messages to one domain with the times the first and the last came.
 */
export async function startSink(countedDomain = '@bench.example') {
  let received = 0;
  let bytes = 0;
  const counted = { count: 0, firstAt: 0, lastAt: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
      stream.on('end', () => {
        received++;
        if (session.envelope.rcptTo.some((to) => to.address.endsWith(countedDomain))) {
          const now = performance.now();
          if (counted.count++ === 0) counted.firstAt = now;
          counted.lastAt = now;
        }
        callback();
      });
    },
  });
  // A client that drops its connection (a mail worker timing out on a loaded machine) must not end the bench: it sends the mail again.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received: () => received,
    /** The messages to countedDomain so far, with performance.now() of the first and the last. */
    counted: () => ({ ...counted }),
    bytes: () => bytes,
    reset: () => {
      received = 0;
      bytes = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function deliver(database: Database, sink: Awaited<ReturnType<typeof startSink>>, count: number, withInvoice: boolean): Promise<MailFigure> {
  const outboxService = createOutboxService();
  await database.db.delete(outbox);
  // Queued before the worker starts, as after a burst of checkouts: the figure is the delivery's.
  await database.db.transaction(async (tx) => {
    if (withInvoice) {
      const mails = Array.from({ length: count }, (_, i) => ({ to: `buyer${i}@example.ch`, subject: `Bestellung ${i}`, kind: 'confirmation', payload: { n: i } }));
      for (let i = 0; i < mails.length; i += 500) await outboxService.queueComposedLater(mails.slice(i, i + 500), tx);
      return;
    }
    for (let i = 0; i < count; i++) {
      await outboxService.queue(
        settings,
        { to: `buyer${i}@example.ch`, subject: `Ihre Anmeldung ${i}`, text: `Guten Tag\n\nDanke für Ihre Anmeldung ${i}.`, html: `<p>Guten Tag</p><p>Danke für Ihre Anmeldung ${i}.</p>` },
        tx,
      );
    }
  });
  const invoices = createInvoicesService({ threads: 1 });
  invoices.start();
  const worker = createMailService({
    db: database.db,
    settings,
    smtpUrl: sink.url,
    dataDir: 'tmp/bench-mail',
    composers: {
      confirmation: async (payload) => ({
        subject: `Bestellung ${String(payload.n)}`,
        text: 'Guten Tag\n\nIm Anhang finden Sie Ihre Rechnung.',
        html: '<p>Guten Tag</p><p>Im Anhang finden Sie Ihre Rechnung.</p>',
        attachments: [{ filename: 'Rechnung.pdf', content: await invoices.renderPdf({ ...invoice, number: `2026-${String(payload.n).padStart(6, '0')}` }), contentType: 'application/pdf' }],
      }),
    },
    log: pino({ level: 'silent' }),
  });
  sink.reset();
  const started = performance.now();
  try {
    worker.start();
    while (sink.received() < count) await new Promise((resolve) => setTimeout(resolve, 5));
    const seconds = (performance.now() - started) / 1000;
    return { mails: count, seconds, perSecond: count / seconds, averageBytes: sink.bytes() / count };
  } finally {
    await worker.stop();
    await invoices.close();
  }
}

/** Both runs on one fresh PGlite data folder. */
export async function benchMail(plainCount = 2_000, invoiceCount = 300): Promise<{ plain: MailFigure; withInvoice: MailFigure }> {
  const folder = 'tmp/bench-mail';
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(`${folder}/pgdata`, { recursive: true });
  const database = await openDatabase({ pgliteDir: `${folder}/pgdata` });
  const sink = await startSink();
  try {
    const plain = await deliver(database, sink, plainCount, false);
    const withInvoice = await deliver(database, sink, invoiceCount, true);
    return { plain, withInvoice };
  } finally {
    await sink.close();
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

export function describeMail(figure: MailFigure): string {
  return `${figure.perSecond.toFixed(0)} mails/s (${figure.mails} in ${figure.seconds.toFixed(1)} s, ${(figure.averageBytes / 1024).toFixed(1)} KB each)`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchMail()
    .then(({ plain, withInvoice }) => {
      console.log(`mail without attachment: ${describeMail(plain)}`);
      console.log(`mail with an invoice PDF rendered at delivery: ${describeMail(withInvoice)}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
