import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { addDays, addMonths, isoDateInZurich } from '#shared/dates.ts';
import { AppError } from '#shared/errors.ts';
import type { Language } from '#shared/locales.ts';
import { appPaths, appUrl } from '#shared/paths.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { noticeConfirmedMail, noticeMail, staffNoticeMail } from './billing.mails.ts';

/** How long a notice confirmation link holds. */
const noticeLinkDays = 7;

/**
 * Notice from the customer (docs/product/billing.md): asked for on the tracking page,
 * confirmed through a link signed with SECRET_KEY that only the billing contact receives.
 */
export function createBillingNoticesService(deps: {
  db: Db;
  orders: Pick<OrdersService, 'orderWithFacts' | 'applyAction'>;
  outbox: Pick<OutboxService, 'queue'>;
  mail: MailSettings;
  /** Where staff hear that a customer's notice took effect (ORDERS_EMAIL). */
  ordersEmail: string;
  publicUrl: string;
  secretKey: string;
  onMailQueued: () => void;
}) {
  const { db, orders, outbox, publicUrl } = deps;

  /** The signature of a notice link: the order and the link's last day, signed with SECRET_KEY. */
  const noticeSignature = (orderId: string, until: string) =>
    createHmac('sha256', deps.secretKey).update(`notice:${orderId}:${until}`).digest('base64url');

  /** When notice given today would take effect: the end of the running period, never before the minimum term ends. */
  function noticeEffectiveFrom(order: { subscribedFrom: string | null; termMonths: number | null; periodEnd: string | null }, today: string): string {
    const termEnd = addMonths(order.subscribedFrom ?? today, order.termMonths ?? 12);
    const periodEnd = order.periodEnd ?? termEnd;
    return periodEnd > termEnd ? periodEnd : termEnd;
  }

  /** The signed link that confirms a notice, valid for a week. */
  function noticeLink(orderId: string, today: string = isoDateInZurich()): string {
    const until = addDays(today, noticeLinkDays);
    const token = `${until}.${noticeSignature(orderId, until)}`;
    return new URL(`${appUrl(appPaths.tracking(orderId))}?notice=${encodeURIComponent(token)}`, publicUrl).toString();
  }

  /** Whether a notice token is this order's and still valid. */
  function noticeTokenValid(orderId: string, token: string, today: string = isoDateInZurich()): boolean {
    const [until = '', signature = ''] = token.split('.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || until < today) return false;
    const expected = Buffer.from(noticeSignature(orderId, until));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  return {
    /**
     * Notice asked for on the tracking page: anyone with the link could, so it only mails
     * the billing contact a link that confirms it. Answers when it would take effect and,
     * masked, where the link went. Refused (409) unless the order is an ACTIVE monthly plan.
     */
    async requestNotice(orderId: string): Promise<{ effectiveFrom: string; sentTo: string }> {
      const answer = await db.transaction(async (tx) => {
        const order = await orders.orderWithFacts(orderId, tx);
        if (!order || order.deletedAt || !order.number) throw new AppError('notFound', 'error.order.notFound');
        const contact = (order.invoiceInfo as { contact?: { email?: string; firstName?: string; lastName?: string } } | null)?.contact;
        if (order.status !== 'ACTIVE' || !order.hasMonthlyItem || !contact?.email) throw new AppError('conflict', 'error.notice.notMonthly');
        const effectiveFrom = noticeEffectiveFrom(order, isoDateInZurich());
        const mail = noticeMail({
          language: order.language as Language,
          orderNumber: order.number,
          person: contact,
          effectiveFrom,
          confirmUrl: noticeLink(orderId),
          to: contact.email,
          publicUrl,
        });
        await outbox.queue(deps.mail, mail, tx);
        const [user = '', domain = ''] = contact.email.split('@');
        return { effectiveFrom, sentTo: `${user.slice(0, 1)}…@${domain}` };
      });
      deps.onMailQueued();
      return answer;
    },

    /**
     * The billing contact confirmed the notice through the mailed link: START_TERMINATION
     * by the customer, effective at the end of the running period, never before the
     * minimum term ends. A second confirmation answers the same day.
     */
    async confirmNotice(orderId: string, token: string): Promise<{ terminatedFrom: string }> {
      if (!noticeTokenValid(orderId, token)) throw AppError.field('token', 'invalid', 'error.notice.linkInvalid');
      const current = await orders.orderWithFacts(orderId);
      if (!current || current.deletedAt) throw new AppError('notFound', 'error.order.notFound');
      if (current.status === 'TERMINATING' && current.terminatedFrom) return { terminatedFrom: current.terminatedFrom };
      let terminatedFrom = '';
      await orders.applyAction({
        orderId,
        action: 'START_TERMINATION',
        actor: 'visitor',
        messages: { notAllowed: 'error.notice.notMonthly' },
        data: { refund: false },
        plan: ({ order }) => {
          terminatedFrom = noticeEffectiveFrom(order, isoDateInZurich());
          return {
            changes: { terminatedBy: 'customer', terminatedFrom, refund: false, refundAmountMinor: null },
            history: { terminatedFrom, confirmedByMail: true },
          };
        },
        // In the notice's transaction: the billing contact's confirmation, and staff's note.
        writeAfter: async ({ tx, order }) => {
          const contact = (order.invoiceInfo as { contact?: { email?: string; firstName?: string; lastName?: string } } | null)?.contact;
          const company = (order.invoiceInfo as { company?: { name?: string } } | null)?.company?.name ?? '';
          const orderNumber = order.number ?? '';
          if (contact?.email) {
            const trackingUrl = new URL(appUrl(appPaths.tracking(orderId)), publicUrl).toString();
            await outbox.queue(deps.mail, noticeConfirmedMail({ language: order.language as Language, orderNumber, person: contact, endsOn: terminatedFrom, to: contact.email, trackingUrl, publicUrl }), tx);
          }
          const orderUrl = new URL(appUrl(appPaths.adminOrder(orderId)), publicUrl).toString();
          await outbox.queue(deps.mail, staffNoticeMail({ orderNumber, company, endsOn: terminatedFrom, to: deps.ordersEmail, orderUrl }), tx);
        },
        afterCommit: () => deps.onMailQueued(),
      });
      return { terminatedFrom };
    },
  };
}

export type BillingNoticesService = ReturnType<typeof createBillingNoticesService>;
