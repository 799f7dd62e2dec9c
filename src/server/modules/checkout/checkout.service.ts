import type { Db } from '#server/db/client.ts';
import { privacyPolicyVersion, termsVersion } from '#shared/consents.ts';
import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { isCart, type OrderStatus } from '#shared/orders.ts';
import { sitePath } from '#shared/paths.ts';
import type { InvoiceInfo, InvoiceInfoUpdate, OrderDetail, StatusInfo } from '#shared/schemas/checkout.ts';
import type { MoneyAt } from '#server/http/answer-money.ts';
import type { ContactsService } from '../contacts/contacts.service.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { requireCart } from '../cart/cart.rules.ts';
import type { CartService, CartView, OrderLines } from '../cart/cart.service.ts';
import type { InvoiceRecordsService } from '../invoices/invoice-records.service.ts';
import type { MailComposer } from '../mail/mail.service.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import type { CheckoutRows as repo, OrdersService } from '../orders/orders.service.ts';
import { invoiceInfoView, mergeInvoiceInfo, missingForCheckout, type StoredInvoiceInfo } from './invoice-info.ts';
import { orderConfirmationKind, orderConfirmationMail, orderConfirmationQueued, staffOrderKind, staffOrderMail, staffOrderQueued } from './order.mails.ts';
import { dueAtBuy, invoiceContentOf, orderTotalsOf, type InvoiceKind, type OrderInvoiceContent } from './invoice-content.ts';

/**
 * Checkout: the invoice info saved step by step, the review figures, the purchase itself,
 * which happens once per cart, and what follows from it (the mails and the invoice).
 */

export interface CheckoutServiceDeps {
  db: Db;
  cart: Pick<CartService, 'loadCartWithLines' | 'loadOrderLines'>;
  orders: OrdersService;
  captcha: Pick<CaptchaService, 'verify'>;
  /** The buyer's contact becomes a contact with their agreement to the terms and the privacy policy. */
  contacts: Pick<ContactsService, 'recordPerson'>;
  /** The order's invoices: its invoice PDF call answers the first one. */
  invoiceRecords: Pick<InvoiceRecordsService, 'firstPdf'>;
  outbox: Pick<OutboxService, 'queueComposedLater'>;
  /** Staff are told of every order at this address (ORDERS_EMAIL). */
  ordersEmail: string;
  /** Where visitors reach the shop: links in the mails start here. */
  publicUrl: string;
  /** Called after mails were queued, so the worker sends them now rather than at its next poll. */
  onMailQueued: () => void;
}

/** What the checkout form submits besides the agreement to the legal texts. */
export interface CheckoutSubmission {
  /** The language of the order: its mails and its invoice are written in it. */
  language: Language;
  captchaSolution: string;
}

interface PlacedOrder {
  detail: OrderDetailView;
  info: StoredInvoiceInfo;
}

const milestoneActions = { inProgress: 'START_WORK', invoiced: 'INVOICE', paid: 'PAY', completed: 'COMPLETE' } as const;

const exceptionStatuses: OrderStatus[] = ['ABANDONED', 'CANCELED', 'TERMINATING', 'TERMINATED'];

function legalTexts(language: Language) {
  return (['terms', 'privacy'] as const).map((id) => ({
    id,
    title: translate(language, `legal.${id}.title`),
    url: sitePath(language, id === 'terms' ? 'terms' : 'privacy-policy'),
    summary: translate(language, `legal.${id}.summary`),
  }));
}

/** An order's review figures as the checkout answers them: amounts as `Money`. */
export type OrderDetailView = MoneyAt<OrderDetail, 'unitPrice' | 'totalPrice' | 'net' | 'vatAmount' | 'gross'>;

function detailOf(order: repo.CheckoutOrderRow, { view: cart, lines }: { view: CartView; lines: OrderLines }, language: Language): OrderDetailView {
  const info = order.invoiceInfo ?? {};
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    currency: cart.currency,
    language: order.language as Language,
    orderedAt: order.orderedAt ? new Date(order.orderedAt).toISOString() : null,
    items: cart.items,
    totals: orderTotalsOf(lines.lines, lines.currency, info),
    invoiceInfo: invoiceInfoView(info, language),
    details: { shoppingCart: isCart(order), status: order.status },
  };
}

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { db, cart, orders, captcha, contacts, invoiceRecords, outbox, ordersEmail, publicUrl, onMailQueued } = deps;
  /** The checkout's SQL on the orders, which the orders module owns (docs/decisions/058-tables-owned-by-modules.md). */
  const repo = orders.checkoutRows;

  async function orderOrRefuse(orderId: string, options: { includeDeleted?: boolean } = {}): Promise<repo.CheckoutOrderRow> {
    const order = await repo.findOrder(db, orderId, options);
    if (!order) throw new AppError('notFound', 'error.cart.notFound');
    return order;
  }

  /**
   * The order row with its invoice info, locked until the transaction ends (one change
   * at a time); refused unless it is still a cart.
   */
  async function lockCart(orderId: string, tx: Db): Promise<repo.CheckoutOrderRow> {
    return requireCart(await repo.lockOrder(tx, orderId));
  }

  /**
   * What BUY writes besides the status, with the next order number of `year`: its
   * counter row stays locked until the transaction commits, so every other BUY waits from
   * here on. `netMinor` and `grossMinor` are what falls due at purchase.
   */
  async function buyChanges(values: { year: number; language: string; netMinor: number; grossMinor: number }, tx: Db) {
    const number = await repo.nextOrderNumber(tx, values.year);
    return { changes: repo.placedOrderValues({ number, ...values }), history: { number } };
  }

  /** An order with its invoice info, in the order's own language (for its mails and invoice). */
  async function placedOrder(orderId: string): Promise<PlacedOrder> {
    const order = await orderOrRefuse(orderId);
    const language = order.language as Language;
    return { detail: detailOf(order, await cart.loadCartWithLines(orderId, language), language), info: order.invoiceInfo ?? {} };
  }

  /**
   * Queued with the BUY, in its transaction: an order never lacks its mails, nor a mail its
   * order. Both name the order, for its timeline in the back office. The worker composes
   * both: the BUY holds the order-number counter's lock from the number to the commit, so
   * every other checkout waits for what happens here (a composed mail took several ms).
   */
  async function queueOrderMails(tx: Db, { detail, info }: PlacedOrder): Promise<void> {
    const buyer = info.contact?.email;
    await outbox.queueComposedLater(
      [
        // The confirmation is the order's summary; the invoice follows with INVOICE.
        ...(buyer ? [{ to: buyer, ...orderConfirmationQueued(detail), orderId: detail.id }] : []),
        { to: ordersEmail, ...staffOrderQueued(detail, info), orderId: detail.id },
      ],
      tx,
    );
  }

  /**
   * The mails of this module that the mail worker composes when it sends them, from the
   * order as it was placed: the buyer's confirmation (the order's summary, without an
   * invoice) in the language of the order, and the note to staff.
   */
  const mailComposers: Record<string, MailComposer> = {
    [orderConfirmationKind]: async (payload) => {
      const { detail, info } = await placedOrder(String(payload.orderId));
      return orderConfirmationMail(detail, info, publicUrl);
    },
    [staffOrderKind]: async (payload) => {
      const { detail, info } = await placedOrder(String(payload.orderId));
      return staffOrderMail(detail, info, publicUrl);
    },
  };

  return {
    legalTexts,
    buyChanges,

    async getInvoiceInfo(orderId: string, language: Language): Promise<InvoiceInfo> {
      const order = await orderOrRefuse(orderId);
      return invoiceInfoView(order.invoiceInfo ?? {}, language, order.subscriber);
    },

    /** Saves one step's sections; a refusal saves nothing. Only a cart takes changes. */
    async updateInvoiceInfo(
      orderId: string,
      update: Parameters<typeof mergeInvoiceInfo>[1] & InvoiceInfoUpdate,
      language: Language,
    ): Promise<InvoiceInfo> {
      return db.transaction(async (tx) => {
        const order = await lockCart(orderId, tx);
        const { info, errors } = mergeInvoiceInfo(order.invoiceInfo ?? {}, update);
        if (errors.length > 0) throw AppError.validation(errors);
        await repo.saveInvoiceInfo(tx, orderId, info);
        return invoiceInfoView(info, language, order.subscriber);
      });
    },

    /** GET …/detail: the review figures of a cart, or what was ordered (the back office also of a deleted order). */
    async orderDetail(orderId: string, language: Language, options: { includeDeleted?: boolean } = {}): Promise<OrderDetailView> {
      const order = await orderOrRefuse(orderId, options);
      return detailOf(order, await cart.loadCartWithLines(orderId, language, options), language);
    },

    /**
     * GET …/status-info: where the order is, as the visitor's milestones. "Invoiced" is
     * the first INVOICE, which issues the order's first invoice; the confirmation mailed
     * at checkout carries none.
     */
    async statusInfo(orderId: string): Promise<StatusInfo> {
      const order = await orderOrRefuse(orderId);
      const history = await orders.findHistory(orderId);
      const reachedAt = (action: string, to?: string[]) =>
        history.find((entry) => entry.action === action && (!to || to.includes(entry.toStatus)))?.at ?? null;
      const milestone = (id: StatusInfo['milestones'][number]['id'], at: Date | null) => ({
        id,
        reached: at !== null,
        at: at ? new Date(at).toISOString() : null,
      });
      const inProgress = reachedAt(milestoneActions.inProgress);
      const invoiced = reachedAt(milestoneActions.invoiced);
      return {
        status: order.status,
        number: order.number,
        milestones: [
          milestone('ordered', order.orderedAt),
          // The seats' setup is a step only where it happened before the invoice: an order
          // invoiced without it never shows it as pending (START_WORK is no longer possible).
          ...(inProgress === null && invoiced !== null ? [] : [milestone('inProgress', inProgress)]),
          milestone('invoiced', invoiced),
          milestone('paid', reachedAt(milestoneActions.paid, ['PAID', 'ACTIVE'])),
          milestone('completed', reachedAt(milestoneActions.completed)),
        ],
        exception: exceptionStatuses.includes(order.status) ? order.status : null,
        endsOn: order.terminatedFrom,
        pendingSeats: await orders.pendingSeats(orderId),
      };
    },

    /**
     * BUY, all or nothing and once, through the orders module's one action function: the
     * order row is locked, so of two submissions of one cart the second finds an order
     * and is refused with 409. The captcha is checked last, inside the transaction, so a
     * refusal for another reason leaves the solution unspent. The order gets its number,
     * date, net total, amount due (the gross total: net + VAT, as invoiced) and the time
     * the legal texts were agreed to; the buyer's confirmation and the staff note are
     * queued in the same transaction.
     */
    async placeOrder(orderId: string, submission: CheckoutSubmission): Promise<OrderDetailView> {
      const { language } = submission;
      let view: { view: CartView; lines: OrderLines } | undefined;
      const { result: placed } = await orders.applyAction<OrderDetailView>({
        orderId,
        action: 'BUY',
        actor: 'visitor',
        messages: { notFound: 'error.cart.notFound', notAllowed: 'error.cart.closed', precondition: 'error.checkout.noActiveItem' },
        check: async (order, tx) => {
          requireCart(order.deletedAt ? undefined : order);
          const missing = missingForCheckout((order.invoiceInfo ?? {}) as StoredInvoiceInfo);
          if (missing.length > 0) throw AppError.validation(missing);
          view = await cart.loadCartWithLines(orderId, language, {}, tx);
          return { invoiceInfoComplete: true };
        },
        // The buyer's contact with their consents, the captcha spent and the order's number.
        writeBefore: async ({ tx, order }) => {
          const info = (order.invoiceInfo ?? {}) as StoredInvoiceInfo;
          if (info.contact) {
            const { contact } = info;
            await contacts.recordPerson(
              { ...contact, companyName: info.company?.name, preferredLanguage: language },
              'CHECKOUT',
              [
                { subject: 'LEGAL_TEXTS', granted: true, textVersion: termsVersion, language },
                { subject: 'DATA_PRIVACY', granted: true, textVersion: privacyPolicyVersion, language },
              ],
              tx,
            );
          }
          await captcha.verify(submission.captchaSolution, 'checkout', tx);
          // The customer pays the invoice: its gross (net + VAT) falls due, as the detail and invoice show it.
          // It covers the ONE_TIME lines and the first month of the MONTHLY ones; each renewal adds a month.
          if (!view) throw new Error('the cart was not read before BUY');
          const { net, gross } = dueAtBuy(view.lines, info);
          // The number last, as it makes every other checkout wait: only the order's update,
          // its history row and the queueing of its mails follow.
          return buyChanges({ year: new Date().getUTCFullYear(), language, netMinor: net.minor, grossMinor: gross.minor }, tx);
        },
        writeAfter: async ({ tx, updated }) => {
          if (!view) throw new Error('the cart was not read before BUY');
          const info = (updated.invoiceInfo ?? {}) as StoredInvoiceInfo;
          const detail = detailOf({ ...updated, invoiceInfo: info }, view, language);
          await queueOrderMails(tx, { detail, info });
          return detail;
        },
        afterCommit: onMailQueued,
      });
      if (!placed) throw new Error('BUY answered no order');
      return placed;
    },

    /**
     * The order's first invoice as PDF, with its number, as issued by INVOICE (in the
     * language the order was placed in, whoever downloads it); 404 until it is issued.
     */
    async invoicePdf(orderId: string): Promise<{ number: string; pdf: Buffer }> {
      await orderOrRefuse(orderId);
      return invoiceRecords.firstPdf(orderId);
    },

    /**
     * What an invoice of a placed order prints and asks for: the first one (what fell due
     * at BUY: the one-time lines and the first month of the monthly ones), or one month of
     * the MONTHLY lines at the VAT rate in force on `vatDay`, with the buyer's VAT status
     * as stored at BUY (the invoice info, which no longer changes). Read in `tx`.
     */
    async invoiceContent(orderId: string, what: InvoiceKind, tx: Db = db): Promise<OrderInvoiceContent> {
      const order = await repo.findOrder(tx, orderId, { includeDeleted: true });
      if (!order?.number) throw new AppError('notFound', 'error.order.notFound');
      const lines = (await cart.loadOrderLines([orderId], tx)).get(orderId);
      if (!lines) throw new AppError('notFound', 'error.order.notFound');
      return invoiceContentOf(order, lines, what);
    },

    /**
     * The same for the periods of several orders at once, read with two statements (the
     * billing job's batch): answers them by order; an order without a number is left out.
     */
    async invoiceContents(requests: readonly { orderId: string; vatDay: string }[], tx: Db = db): Promise<Map<string, OrderInvoiceContent>> {
      const placed = (await repo.findOrders(
        tx,
        requests.map((request) => request.orderId),
      )).filter((order) => order.number);
      const linesByOrder = await cart.loadOrderLines(
        placed.map((order) => order.id),
        tx,
      );
      const vatDays = new Map(requests.map((request) => [request.orderId, request.vatDay]));
      const contents = new Map<string, OrderInvoiceContent>();
      for (const order of placed) {
        const lines = linesByOrder.get(order.id);
        if (lines) contents.set(order.id, invoiceContentOf(order, lines, { kind: 'period', vatDay: vatDays.get(order.id) ?? '' }));
      }
      return contents;
    },

    mailComposers,
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
