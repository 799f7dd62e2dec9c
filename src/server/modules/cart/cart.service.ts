import type { Db } from '#server/db/client.ts';
import { cacheWhileUnchanged, keptByVersion, type KeptByVersion } from '#server/db/unchanged-cache.ts';
import type { MoneyAt } from '#server/http/answer-money.ts';
import { frozenAnswer } from '#server/http/kept-answers.ts';
import { isCheckViolation } from '#server/db/errors.ts';
import { AppError } from '#shared/errors.ts';
import type { Currency, Language, PaymentFrequency } from '#shared/locales.ts';
import { money } from '#shared/money.ts';
import { cartStatus, isCart } from '#shared/orders.ts';
import { periodMonthsLimits, quantityLimits, type AddToCart, type Cart, type UpdateItem } from '#shared/schemas/cart.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CartRows as repo, ItemRow, NewItem, OrdersService } from '../orders/orders.service.ts';
import { requireCart } from './cart.rules.ts';

/**
 * The cart rules: what a visitor may change in an order while it is still a cart. Every
 * change runs in one transaction that first locks the order row, so parallel changes to
 * one cart queue up and none is lost; a refused change leaves everything as it was.
 */

function refuseQuantityAbove(quantity: number): void {
  if (quantity > quantityLimits.max) {
    throw AppError.field('quantity', 'tooBig', 'error.tooBig', { max: quantityLimits.max });
  }
}

function lineTotalMinor(item: Pick<repo.CartLineRow, 'unitPriceMinor' | 'quantity' | 'periodMonths'>): number {
  return item.unitPriceMinor * item.quantity * (item.periodMonths ?? 1);
}

/** An order's line as its rows hold it: prices in minor units, titles in every language. */
export type OrderLine = repo.CartLineRow;

/** An order's lines with their currency: what its totals and invoices are made of. */
export interface OrderLines {
  currency: Currency;
  lines: OrderLine[];
}

function orderLinesOf(row: repo.CartRow): OrderLines {
  return { currency: row.currency as Currency, lines: row.items };
}

/** The amounts of a cart: `Money` here, major units once the HTTP edge answers (src/server/http/answer-money.ts). */
export type CartView = MoneyAt<Cart, 'unitPrice' | 'totalPrice' | 'oneTime' | 'monthly' | 'perMonth' | 'dueToday'>;

/** The cart as the API shows it: amounts as `Money`, titles in the asked language. */
function toCartView(row: repo.CartRow, language: Language): CartView {
  const currency = row.currency as Currency;
  const amount = (minor: number) => money(minor, currency);
  let oneTime = 0;
  let monthly = 0;
  let perMonth = 0;
  const items = row.items.map((item) => {
    const translations = item.translations ?? {};
    const total = lineTotalMinor(item);
    if (item.status === 'ACTIVE') {
      if (item.paymentFrequency === 'MONTHLY') {
        monthly += total;
        perMonth += item.unitPriceMinor * item.quantity;
      } else {
        oneTime += total;
      }
    }
    return {
      id: item.id,
      productCode: item.productCode,
      product: {
        code: item.productCode,
        tier: item.tier ?? '',
        title: translations[language]?.title ?? translations['en-US']?.title ?? item.productCode,
        translations: translations as Cart['items'][number]['product']['translations'],
      },
      quantity: item.quantity,
      periodMonths: item.periodMonths,
      unitPrice: amount(item.unitPriceMinor),
      totalPrice: amount(total),
      status: item.status as 'ACTIVE' | 'REMOVED',
      paymentFrequency: item.paymentFrequency as PaymentFrequency,
    };
  });
  return {
    id: row.id,
    items,
    currency,
    language: row.language as Language,
    totalPrice: amount(oneTime + monthly),
    totals: { oneTime: amount(oneTime), monthly: amount(monthly), perMonth: amount(perMonth), dueToday: amount(oneTime + perMonth) },
    status: row.status,
    count: items.filter((item) => item.status === 'ACTIVE').length,
    isSubscribed: row.subscribedAt !== null,
    details: { shoppingCart: isCart(row), status: row.status },
  };
}

export function createCartService(deps: { db: Db; catalog: CatalogService; orders: OrdersService; writeCount?: (() => number) | undefined }) {
  const { db, catalog, orders } = deps;
  /** The cart's SQL on the orders and their lines, which the orders module owns (docs/decisions/058-tables-owned-by-modules.md). */
  const repo = orders.cartRows;
  /**
   * The carts visitors read, kept while the database is unchanged: every page a visitor
   * opens asks for their cart, mostly with nothing changed in between. Only on a database
   * this process alone writes (docs/decisions/022-cart-read-cache.md).
   */
  const cartViews = cacheWhileUnchanged<CartView>(deps.writeCount);
  /**
   * On a database other copies write too (PostgreSQL): the carts visitors read, kept with
   * their order row's version, which one indexed read checks (docs/decisions/071-cart-views-kept-by-row-version.md).
   */
  const viewsByVersion = deps.writeCount ? undefined : keptByVersion<CartView>();

  /**
   * The cart view of a row just read, kept by the row's version where versions are checked.
   * Frozen: a kept view is answered many times, its JSON written once (src/server/http/kept-answers.ts).
   */
  function viewOfRow(row: repo.VersionedCartRow, language: Language): CartView {
    const view = frozenAnswer(toCartView(row, language));
    viewsByVersion?.set(`${row.id} ${language}`, row.version, view);
    return view;
  }

  /** Reading a cart: 404 when unknown, 403 once it has become an order. */
  async function readCart(orderId: string, language: Language): Promise<CartView> {
    const row = await repo.findCart(db, orderId);
    if (!row) throw new AppError('notFound', 'error.cart.notFound');
    if (!isCart(row)) throw new AppError('forbidden', 'error.cart.notFound');
    return viewOfRow(row, language);
  }

  /** The kept view while the order row's version is unchanged; otherwise the cart read anew. */
  async function readCartByVersion(orderId: string, language: Language, kept: KeptByVersion<CartView>): Promise<CartView> {
    const head = await repo.findCartVersion(db, orderId);
    if (!head) throw new AppError('notFound', 'error.cart.notFound');
    if (!isCart(head)) throw new AppError('forbidden', 'error.cart.notFound');
    return kept.get(`${orderId} ${language}`, head.version) ?? readCart(orderId, language);
  }

  /** The order row, locked until the transaction ends; refused unless it is still a cart. */
  async function lockCart(orderId: string, tx: Db) {
    return requireCart(await repo.lockOrder(tx, orderId));
  }

  /** The cart view of an order; `includeDeleted` for the back office, which still shows deleted orders. */
  async function loadCartView(orderId: string, language: Language, options: { includeDeleted?: boolean } = {}, tx: Db = db): Promise<CartView> {
    const row = await repo.findCart(tx, orderId, options);
    if (!row) throw new AppError('notFound', 'error.cart.notFound');
    return toCartView(row, language);
  }

  async function priceOrRefuse(tx: Db, productCode: string, paymentFrequency: PaymentFrequency, currency: Currency): Promise<number> {
    const price = await catalog.currentPrice(productCode, paymentFrequency, currency, tx);
    if (price === undefined) throw AppError.field('productCode', 'unknownProduct', 'error.cart.unknownProduct');
    return price;
  }

  /** The line an add asks for: MONTHLY offers start with the default term. */
  function seatsLine(orderId: string, input: AddToCart) {
    const { productCode, paymentFrequency, quantity } = input;
    return { orderId, productCode, paymentFrequency, quantity, periodMonths: paymentFrequency === 'MONTHLY' ? periodMonthsLimits.default : null };
  }

  /** A line above 10,000 seats, refused by the database's check, is a field error. */
  async function refusingTooManySeats<T>(add: () => Promise<T>): Promise<T> {
    try {
      return await add();
    } catch (error) {
      if (isCheckViolation(error, 'order_items_quantity_range')) refuseQuantityAbove(quantityLimits.max + 1);
      throw error;
    }
  }

  /**
   * Adds seats of a product: the same product and frequency raises that line (a removed
   * one comes back with the new quantity), otherwise a new line. One statement that also
   * locks the cart (cart.repository.ts); when it adds nothing, the reason is looked up.
   */
  async function addSeatsOrRefuse(tx: Db, orderId: string, input: AddToCart): Promise<void> {
    const line = await refusingTooManySeats(() => repo.addSeats(tx, seatsLine(orderId, input)));
    if (line) return;
    requireCart(await repo.findOrder(tx, orderId));
    throw AppError.field('productCode', 'unknownProduct', 'error.cart.unknownProduct');
  }

  /** Runs a change on a locked cart and answers the cart as it is afterwards. */
  async function changeCart(
    orderId: string,
    language: Language,
    change: (tx: Db, order: { id: string; currency: string }) => Promise<void>,
  ): Promise<CartView> {
    await db.transaction(async (tx) => {
      await change(tx, await lockCart(orderId, tx));
    });
    return loadCartView(orderId, language);
  }

  async function findItemOrRefuse(tx: Db, orderId: string, itemId: string): Promise<{ item: ItemRow; items: ItemRow[] }> {
    const items = await repo.findItems(tx, orderId);
    const item = items.find((candidate) => candidate.id === itemId);
    if (!item) throw new AppError('notFound', 'error.cart.itemNotFound');
    return { item, items };
  }

  /** The cart view of an order with its line rows, read once: the view for the API, the rows for its totals and invoices. */
  async function loadCartWithLines(orderId: string, language: Language, options: { includeDeleted?: boolean } = {}, tx: Db = db): Promise<{ view: CartView; lines: OrderLines }> {
    const row = await repo.findCart(tx, orderId, options);
    if (!row) throw new AppError('notFound', 'error.cart.notFound');
    return { view: toCartView(row, language), lines: orderLinesOf(row) };
  }

  /** The line rows of several orders in one round trip (the billing job's batch); an unknown order is left out. */
  async function loadOrderLines(orderIds: readonly string[], tx: Db = db): Promise<Map<string, OrderLines>> {
    const rows = await repo.findCarts(tx, orderIds);
    return new Map(rows.map((row) => [row.id, orderLinesOf(row)]));
  }

  return {
    lockCart,
    loadCartView,
    loadCartWithLines,
    loadOrderLines,

    /** POST /orders/: a new cart with its first line. */
    async createCart(input: AddToCart): Promise<{ id: string; currency: Currency }> {
      return db.transaction(async (tx) => {
        const order = await repo.insertOrder(tx, { status: cartStatus, currency: input.currency, language: input.language });
        await orders.recordCreation({ orderId: order.id, toStatus: cartStatus, actor: 'visitor' }, tx);
        await addSeatsOrRefuse(tx, order.id, input);
        return { id: order.id, currency: order.currency as Currency };
      });
    },

    /** Reading a cart: 404 when unknown, 403 once it has become an order. */
    getCart(orderId: string, language: Language): Promise<CartView> {
      if (viewsByVersion) return readCartByVersion(orderId, language, viewsByVersion);
      return cartViews.get(`${orderId} ${language}`, () => readCart(orderId, language));
    },

    /**
     * Adds and answers the cart in one statement; when that adds nothing (the cart changed
     * meanwhile, or the add is refused), the add runs on its own and says why, and the cart
     * is read anew (cart.repository.ts).
     */
    async addItem(orderId: string, input: AddToCart, language: Language): Promise<CartView> {
      const row = await refusingTooManySeats(() => repo.addSeatsAndReadCart(db, seatsLine(orderId, input)));
      if (row) return viewOfRow(row, language);
      await addSeatsOrRefuse(db, orderId, input);
      return loadCartView(orderId, language);
    },

    /** Switches the cart's currency and re-prices every line from that currency's list. */
    changeCurrency(orderId: string, currency: Currency, language: Language): Promise<CartView> {
      return changeCart(orderId, language, async (tx, order) => {
        for (const item of await repo.findItems(tx, order.id)) {
          const price = await catalog.currentPrice(item.productCode, item.paymentFrequency as PaymentFrequency, currency, tx);
          // A withdrawn product has no price in the new currency: the line leaves the cart.
          await repo.updateItem(tx, item.id, price === undefined ? { status: 'REMOVED' } : { unitPriceMinor: price });
        }
        await repo.setOrderFields(tx, order.id, { currency });
      });
    },

    /** PUT …/{itemId}: quantity, status (remove/undo), payment frequency, term. */
    updateItem(orderId: string, itemId: string, patch: UpdateItem, language: Language): Promise<CartView> {
      return changeCart(orderId, language, async (tx, order) => {
        const { item, items } = await findItemOrRefuse(tx, order.id, itemId);
        if (patch.productCode !== undefined && patch.productCode !== item.productCode) {
          throw AppError.field('productCode', 'invalid', 'error.invalid');
        }
        const paymentFrequency = patch.paymentFrequency ?? (item.paymentFrequency as PaymentFrequency);
        const status = patch.status ?? item.status;
        const values: Partial<NewItem> = { status };
        if (patch.quantity !== undefined) values.quantity = patch.quantity;
        if (paymentFrequency !== item.paymentFrequency) {
          // Switching frequency onto a line that already exists would make two lines of one
          // product and frequency; the seats join that line instead.
          const twin = items.find((other) => other.id !== item.id && other.productCode === item.productCode && other.paymentFrequency === paymentFrequency);
          if (twin) {
            // One line per product and frequency: the seats move to the existing line (a
            // removed one comes back), and this line is removed.
            const seats = values.quantity ?? item.quantity;
            const quantity = (twin.status === 'ACTIVE' ? twin.quantity : 0) + seats;
            refuseQuantityAbove(quantity);
            await repo.updateItem(tx, twin.id, { quantity, status: status === 'ACTIVE' ? 'ACTIVE' : twin.status });
            await repo.updateItem(tx, item.id, { status: 'REMOVED' });
            return;
          }
          values.paymentFrequency = paymentFrequency;
          values.unitPriceMinor = await priceOrRefuse(tx, item.productCode, paymentFrequency, order.currency as Currency);
          values.periodMonths = paymentFrequency === 'MONTHLY' ? (patch.periodMonths ?? periodMonthsLimits.default) : null;
        } else if (patch.periodMonths !== undefined) {
          if (paymentFrequency !== 'MONTHLY') throw AppError.field('periodMonths', 'invalid', 'error.invalid');
          values.periodMonths = patch.periodMonths;
        }
        await repo.updateItem(tx, item.id, values);
      });
    },

    /**
     * match-count: the line takes the largest quantity among the cart's other ACTIVE
     * lines, so every seat gets this training too.
     */
    matchCount(orderId: string, itemId: string, language: Language): Promise<CartView> {
      return changeCart(orderId, language, async (tx, order) => {
        const { item, items } = await findItemOrRefuse(tx, order.id, itemId);
        if (item.status !== 'ACTIVE') throw new AppError('conflict', 'error.cart.removedItem');
        const others = items.filter((other) => other.id !== item.id && other.status === 'ACTIVE');
        if (others.length === 0) return;
        await repo.updateItem(tx, item.id, { quantity: Math.max(...others.map((other) => other.quantity)) });
      });
    },

    /** Cart sync: re-prices every line from the current catalogue; a withdrawn product's line is removed. */
    syncCart(orderId: string, language: Language): Promise<CartView> {
      return changeCart(orderId, language, async (tx, order) => {
        for (const item of await repo.findItems(tx, order.id)) {
          const price = await catalog.currentPrice(item.productCode, item.paymentFrequency as PaymentFrequency, order.currency as Currency, tx);
          if (price === undefined) await repo.updateItem(tx, item.id, { status: 'REMOVED' });
          else if (price !== item.unitPriceMinor) await repo.updateItem(tx, item.id, { unitPriceMinor: price });
        }
      });
    },

    /** The count of ACTIVE lines; 404 for an unknown cart, 0 once it has become an order. */
    async productsCount(orderId: string): Promise<number> {
      const order = await repo.findOrder(db, orderId);
      if (!order) throw new AppError('notFound', 'error.cart.notFound');
      if (!isCart(order)) return 0;
      return repo.countActiveItems(db, orderId);
    },

    async isSubscribed(orderId: string): Promise<boolean> {
      const order = await repo.findOrder(db, orderId);
      if (!order) throw new AppError('notFound', 'error.cart.notFound');
      return order.subscribedAt !== null;
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
