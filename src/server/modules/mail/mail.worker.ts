import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { composeMail, type MailMessage } from './compose.ts';
import { claimDueMails, markMailFailed, markMailSent, releaseMails, type ClaimedMail } from './outbox.repository.ts';
import { maxSendSeconds, type MailTransport } from './transport.ts';

/** Makes the content of a mail queued by kind (the outbox service's queueComposedLater) from its payload. */
export type MailComposer = (payload: Record<string, unknown>) => Promise<Omit<MailMessage, 'from' | 'to'>>;

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  /** Domain of the Message-IDs of mails composed here. */
  domain?: string;
  /** Composers of mails queued by kind. */
  composers?: Record<string, MailComposer>;
  log: FastifyBaseLogger;
  /** How often to look for due mails when nobody wakes the worker. */
  pollMs?: number;
  /** How long a claim holds; longer than any send may take (default 60 s). */
  leaseSeconds?: number;
  /** Mails claimed at once by one sender (default 1: each claim covers one send, so the lease can stay short). */
  batchSize?: number;
  /**
   * Senders working at once (default 8), each claiming, sending and marking its own mails:
   * while one waits for the SMTP server's answer, the others use the pooled connections
   * (transport.ts) and the database. Each mail is still claimed by one sender only.
   */
  concurrency?: number;
  maxAttempts?: number;
  /** Told of each delivery attempt's outcome (the metrics). */
  onDelivery?: ((outcome: 'sent' | 'failed') => void) | undefined;
  /**
   * How many of the shop's requests are being answered now: while there are any, one
   * sender works at a time and the others wait their turn (`visitorsFirstPollMs`).
   */
  requestsInFlight?: (() => number) | undefined;
}

export interface MailWorker {
  start(): void;
  /**
   * Stops polling and waits for the mails being sent (one per sender); the other mails of
   * their claims are handed back to the outbox unsent, so a stop waits for the mails in
   * flight, not for the queue. Then closes the transport's connections.
   */
  stop(): Promise<void>;
  /** Looks for due mails now (called after a mail is queued). */
  wake(): void;
  /** One pass: claim, send, mark, by every sender until no mail is due. Returns how many mails were sent. */
  runOnce(): Promise<number>;
}

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min … capped at 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Senders at once: a local SMTP server answers a mail in about a millisecond, a remote one
 * in tens; eight keep the transport's pooled connections busy either way (docs/decisions/046-mail-throughput-and-memory.md).
 */
const defaultConcurrency = 8;

/**
 * How often a sender waiting for its turn looks again. Composing a mail and writing it out
 * take the event loop and the database connections the shop's answers need: with eight
 * senders at work, a burst of checkouts waited for them between its statements, and its
 * p95 doubled (docs/decisions/084-mails-give-way-to-visitors.md).
 */
const visitorsFirstPollMs = 5;

/** A mail that failed this often is parked (kept, with its last error) instead of retried. */
const parkedSeconds = 100 * 365 * 24 * 3600;

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const pollMs = options.pollMs ?? 5000;
  // A claim covers composing (the invoice PDF, a few seconds) and one send, which the
  // transport gives up after maxSendSeconds; a mail claimed by a process that died is
  // taken by another one after a minute.
  const leaseSeconds = options.leaseSeconds ?? maxSendSeconds + 20;
  const batchSize = options.batchSize ?? 1;
  const concurrency = Math.max(1, options.concurrency ?? defaultConcurrency);
  const maxAttempts = options.maxAttempts ?? 10;
  let timer: NodeJS.Timeout | undefined;
  /** The senders working now, each until it finds no mail due. */
  const working = new Set<Promise<number>>();
  /** Counts the wakes: a sender whose claim came back empty while one came claims again instead of ending. */
  let wakes = 0;
  let stopped = true;
  /** Set by stop(): the senders end after their current mail. runOnce() by hand (tests) is not stopped. */
  let stopping = false;

  /** Senders between their claim and the end of its mails. */
  let sending = 0;
  /** Resolves when this sender may claim: at once, unless requests are being answered and another sender is at work. */
  const turn = async (): Promise<void> => {
    while (sending > 0 && (options.requestsInFlight?.() ?? 0) > 0) await sleep(visitorsFirstPollMs);
    sending++;
  };

  /** A mail queued by kind, composed now from its payload. */
  const compose = async (mail: ClaimedMail): Promise<string> => {
    const composer = mail.kind ? options.composers?.[mail.kind] : undefined;
    if (!composer) throw new Error(`no composer for mail kind ${mail.kind}`);
    const content = await composer(mail.payload ?? {});
    return composeMail(mail.id, options.domain ?? 'localhost', { ...content, from: options.from, to: mail.recipient });
  };

  /** One sender: claims and sends until nothing is due or the worker stops. */
  const sender = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      if (stopping) return sent;
      await turn();
      try {
        if (stopping) return sent;
        const { claimed, more } = await sendClaimed();
        sent += claimed;
        if (!more) return sent;
      } finally {
        sending--;
      }
    }
  };

  /** One claim and its mails; `more`: claim again (the batch was full, or a mail was queued meanwhile). */
  const sendClaimed = async (): Promise<{ claimed: number; more: boolean }> => {
    let sent = 0;
    const wakesBefore = wakes;
    const batch = await claimDueMails(options.db, batchSize, leaseSeconds);
    for (const [index, mail] of batch.entries()) {
      if (stopping) {
        await releaseMails(options.db, batch.slice(index).map((unsent) => unsent.id));
        return { claimed: sent, more: false };
      }
      // Composed once: the message is kept with the attempt's outcome, in the same write, so
      // a retry sends the same bytes (a mail queued whole has its text already).
      let composed: string | undefined;
      try {
        const raw = mail.raw ?? (composed = await compose(mail));
        await options.transport({ id: mail.id, from: options.from, to: mail.recipient, subject: mail.subject, raw });
        if (await markMailSent(options.db, mail.id, composed)) sent++;
        options.onDelivery?.('sent');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retryIn = mail.attempts >= maxAttempts ? parkedSeconds : retryDelaySeconds(mail.attempts);
        // The SMTP reply can quote the address: it is kept in the outbox row, the log has its code only.
        const responseCode = (error as { responseCode?: number }).responseCode;
        options.log.warn({ mailId: mail.id, attempts: mail.attempts, responseCode }, 'mail delivery failed');
        options.onDelivery?.('failed');
        await markMailFailed(options.db, mail.id, message, retryIn, composed);
      }
    }
    // A mail queued while this claim ran may not have been visible to it: look again.
    return { claimed: sent, more: batch.length === batchSize || wakes !== wakesBefore };
  };

  const runOnce = async (): Promise<number> => {
    const counts = await Promise.all(Array.from({ length: concurrency }, () => sender()));
    return counts.reduce((sum, count) => sum + count, 0);
  };

  /**
   * Brings the senders working back up to `concurrency`: mails queued while some had ended
   * (nothing was due for them) are not left to the few still working (a billing run's
   * thousands of invoice mails to the one that woke first).
   */
  const topUp = () => {
    while (!stopped && working.size < concurrency) {
      const run: Promise<number> = sender()
        .catch((error: unknown) => {
          options.log.error({ err: error }, 'mail sender failed');
          return 0;
        })
        .finally(() => working.delete(run));
      working.add(run);
    }
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      timer = setInterval(topUp, pollMs);
      timer.unref();
      topUp();
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearInterval(timer);
      await Promise.all(working);
      options.transport.close?.();
    },
    wake() {
      wakes++;
      topUp();
    },
    runOnce,
  };
}
