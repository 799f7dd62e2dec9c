import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { cookies } from '#shared/cookies.ts';
import { translateAll } from '#shared/i18n/messages.ts';
import { appPaths, appUrl } from '#shared/paths.ts';
import type { FormMessagesResponse } from '#shared/schemas/forms.ts';
import type { SignInLinkRequest } from '#shared/schemas/account.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { signInMail } from './account.mails.ts';
import * as repo from './account.repository.ts';

/**
 * The address of a sign-in mail's link, below the app: the server answers it
 * (account.routes.ts), so the browser bundles (src/shared/paths.ts) do not carry it.
 */
export const accountSignInPath = (token: string) => appUrl(`${appPaths.account()}/sign-in/${token}`);

/** A sign-in link works for 30 minutes, once (DESIGN §14). */
const signInLinkMinutes = 30;

/** A new secret for a link or a cookie: 32 random bytes, base64url (43 characters). */
const newSecret = () => randomBytes(32).toString('base64url');
/** What the database keeps of a secret. */
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const normalised = (email: string) => email.trim().toLowerCase();

/** Why a sign-in link opened nothing: the account page says so and offers a new one. */
export type SignInRefusal = 'expired' | 'used' | 'invalid';

/**
 * The buyer's sign-in (docs/product/account.md, docs/decisions/070-buyer-account.md): the
 * link mailed to an address with orders, the session it starts, the session check of
 * every account call, sign-out. The clock is `now()`, so tests move it with a fake one.
 */
export function createAccountSignInService(deps: {
  db: Db;
  captcha: Pick<CaptchaService, 'verify'>;
  orders: Pick<OrdersService, 'ordersOfContact'>;
  outbox: Pick<OutboxService, 'queue'>;
  /** The shop's sender (MAIL_FROM). */
  mail: MailSettings;
  publicUrl: string;
  onMailQueued: () => void;
  now?: () => Date;
}) {
  const { db, captcha, orders, outbox, mail, publicUrl, onMailQueued } = deps;
  const now = deps.now ?? (() => new Date());
  const idleSince = (at: Date) => new Date(at.getTime() - cookies.accountSession.idleSeconds * 1000);

  /** The placed orders naming the address as their contact at checkout, whom their invoices go to. */
  async function hasOrders(email: string, tx: Db): Promise<boolean> {
    const linked = await orders.ordersOfContact(email, tx);
    return linked.some((order) => order.number !== null && order.linkedBy.includes('CHECKOUT'));
  }

  return {
    /**
     * The captcha, then, when the address has orders, a link stored by its hash and its
     * mail queued, in one transaction. The answer is the same either way: it tells nobody
     * whether the address has orders.
     */
    async requestLink(request: SignInLinkRequest): Promise<FormMessagesResponse> {
      const email = normalised(request.email);
      const queued = await db.transaction(async (tx) => {
        await captcha.verify(request.captchaSolution, 'forms', tx);
        if (!(await hasOrders(email, tx))) return false;
        const token = newSecret();
        const at = now();
        const expiresAt = new Date(at.getTime() + signInLinkMinutes * 60_000);
        await repo.insertSignInLink(tx, { tokenHash: hashOf(token), email, expiresAt }, at);
        const link = new URL(accountSignInPath(token), publicUrl).toString();
        const accountPageUrl = new URL(appUrl(appPaths.account()), publicUrl).toString();
        await outbox.queue(mail, { to: email, ...signInMail({ language: request.language, link, expiresAt, accountPageUrl }) }, tx);
        return true;
      });
      if (queued) onMailQueued();
      return { messages: [{ translations: translateAll('account.signInLink.sent', { email }) }] };
    },

    /** Spends a link and starts a session of its address: the cookie's id, or why the link opens nothing. */
    async signIn(token: string): Promise<{ sessionId: string } | { refused: SignInRefusal }> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { refused: 'invalid' };
      const at = now();
      return db.transaction(async (tx) => {
        const spent = await repo.spendSignInLink(tx, hashOf(token), at);
        if ('refused' in spent) return { refused: spent.refused === 'unknown' ? 'invalid' : spent.refused };
        const sessionId = newSecret();
        await repo.insertSession(tx, { idHash: hashOf(sessionId), email: spent.email }, at);
        return { sessionId };
      });
    },

    /** The address of a valid session (ended at sign-out, or after 30 days without a request). */
    async findSession(sessionId: string): Promise<{ email: string } | undefined> {
      const at = now();
      return repo.findSession(db, hashOf(sessionId), idleSince(at), at);
    },

    /** Ends the session of the cookie, if it is one. */
    async signOut(sessionId: string | undefined): Promise<void> {
      if (!sessionId) return;
      const at = now();
      await repo.endSession(db, hashOf(sessionId), idleSince(at), at);
    },

    /** Whether the order is one the address placed (the account session check of a call on one order). */
    async ownsOrder(email: string, orderId: string): Promise<boolean> {
      const linked = await orders.ordersOfContact(email, db);
      return linked.some((order) => order.id === orderId && order.number !== null && order.linkedBy.includes('CHECKOUT'));
    },
  };
}

export type AccountSignInService = ReturnType<typeof createAccountSignInService>;
