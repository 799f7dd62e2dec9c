import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { composeMail, type MailMessage } from './compose.ts';
import type { MailSettings } from './mail-senders.rules.ts';
import type { SQL } from 'drizzle-orm';
import { countDeliveries, deleteSentMailsTo, findMailsOfOrder, insertMails, readOutboxBacklog } from './outbox.repository.ts';

/** A mail as a module writes it: everything but the sender, which the module's settings give. */
export type OutgoingMail = Omit<MailMessage, 'from'>;

/**
 * The outbox (docs/decisions/005-mail-outbox.md): every module queues its mails here, in
 * the transaction of the change that causes them, so both are saved or neither. The mail
 * service (mail.service.ts) delivers them.
 */
export function createOutboxService() {
  return {
    /** Queues a mail from `sender`, composed now: the outbox row holds exactly what will be sent. */
    async queue(sender: MailSettings, mail: OutgoingMail, tx: Db): Promise<string> {
      const id = randomUUID();
      const raw = await composeMail(id, sender.domain, { ...mail, from: sender.from });
      await insertMails(tx, [{ id, recipient: mail.to, subject: mail.subject, raw }]);
      return id;
    },

    /**
     * Queues mails that the worker composes when it sends them, with the composer registered
     * for their `kind` (the mail service's `composers`): for mails whose content is costly to
     * make (an attachment, MIME encoding), so the transaction that causes them does not wait
     * for that. A mail about an order names it (`orderId`), so the back office shows it in
     * the order's timeline. All of them go into the outbox in one statement.
     */
    async queueComposedLater(mails: { to: string; subject: string; kind: string; payload: Record<string, unknown>; orderId?: string }[], tx: Db): Promise<string[]> {
      const rows = mails.map((mail) => ({ id: randomUUID(), recipient: mail.to, subject: mail.subject, kind: mail.kind, payload: mail.payload, orderId: mail.orderId }));
      await insertMails(tx, rows);
      return rows.map((row) => row.id);
    },

    /** A person's erasure (the contacts module): the mails already sent to them go too. */
    async deleteSentMailsTo(address: string, tx: Db): Promise<number> {
      return deleteSentMailsTo(tx, address);
    },

    /** The mails about an order (`orderId` of `queueComposedLater`), newest first: the back office's order timeline. */
    mailsOfOrder(orderId: string, db: Db) {
      return findMailsOfOrder(db, orderId);
    },

    /** Of the mails a subquery of their ids selects (a newsletter issue's): how many were sent, how many failed. */
    async deliveries(ids: SQL, db: Db): Promise<{ sent: number; failed: number }> {
      return countDeliveries(db, ids);
    },

    /** The mails not sent yet: how many wait, how long the oldest has, how many were given up (the metrics). */
    async backlog(db: Db): Promise<{ queued: number; oldestQueuedSeconds: number; parked: number }> {
      return readOutboxBacklog(db);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
