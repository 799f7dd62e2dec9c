import type { Db } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';
import type { Currency, Language, PaymentFrequency } from '#shared/locales.ts';
import { toMajor } from '#shared/money.ts';
import { periodMonthsLimits, quantityLimits, type AddToCart, type Cart, type UpdateItem } from '#shared/schemas/cart.ts';
import { currentPrice } from '../catalog/catalog.service.ts';
import { isCheckViolation } from '#server/db/errors.ts';
import { recordTransition } from '../orders/order-history.repository.ts';
import * as repo from './cart.repository.ts';

/**
 * The cart rules of SPEC §4–§5 and DESIGN.md §3. Every change runs in one transaction
 * that first locks the order row, so parallel changes to one cart queue up and none is
 * lost; a refused change leaves everything as it was.
 */
export const cartStatus = 'SHOPPING_CART' as const;

async function lockCart(tx: Db, orderId: string) {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) throw new AppError('notFound', 'error.cart.notFound');
  if (order.status !== cartStatus) throw new AppError('conflict', 'error.cart.closed');
  return order;
}

async function priceOrRefuse(db: Db, productCode: string, paymentFrequency: PaymentFrequency, currency: Currency): Promise<number> {
  const price = await currentPrice(db, productCode, paymentFrequency, currency);
  if (price === undefined) throw AppError.field('productCode', 'unknownProduct', 'error.cart.unknownProduct');
  return price;
}

function refuseQuantityAbove(quantity: number): void {
  if (quantity > quantityLimits.max) {
    throw AppError.field('quantity', 'tooBig', 'error.tooBig', { max: quantityLimits.max });
  }
}

function lineTotalMinor(item: Pick<repo.CartLineRow, 'unitPriceMinor' | 'quantity' | 'periodMonths'>): number {
  return item.unitPriceMinor * item.quantity * (item.periodMonths ?? 1);
}

/** The cart as the API shows it (SPEC §3): major units, titles in the asked language. */
export function toCartView(row: repo.CartRow, language: Language): Cart {
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
      unitPrice: toMajor(item.unitPriceMinor),
      totalPrice: toMajor(total),
      status: item.status as 'ACTIVE' | 'REMOVED',
      paymentFrequency: item.paymentFrequency as PaymentFrequency,
    };
  });
  return {
    id: row.id,
    items,
    currency: row.currency as Currency,
    language: row.language as Language,
    totalPrice: toMajor(oneTime + monthly),
    totals: { oneTime: toMajor(oneTime), monthly: toMajor(monthly), perMonth: toMajor(perMonth) },
    status: row.status,
    count: items.filter((item) => item.status === 'ACTIVE').length,
    isSubscribed: row.subscribedAt !== null,
    details: { shoppingCart: row.status === cartStatus, status: row.status },
  };
}

export async function loadCartView(db: Db, orderId: string, language: Language): Promise<Cart> {
  const row = await repo.findCart(db, orderId);
  if (!row) throw new AppError('notFound', 'error.cart.notFound');
  return toCartView(row, language);
}

/**
 * Adds seats of a product: the same product and frequency raises that line (a removed
 * one comes back with the new quantity), otherwise a new line. One statement that also
 * locks the cart (cart.repository.ts); when it adds nothing, the reason is looked up.
 */
async function addSeatsOrRefuse(db: Db, orderId: string, input: AddToCart): Promise<void> {
  let line: { id: string } | undefined;
  try {
    line = await repo.addSeats(db, {
      orderId,
      productCode: input.productCode,
      paymentFrequency: input.paymentFrequency,
      quantity: input.quantity,
      periodMonths: input.paymentFrequency === 'MONTHLY' ? periodMonthsLimits.default : null,
    });
  } catch (error) {
    if (isCheckViolation(error, 'order_items_quantity_range')) refuseQuantityAbove(quantityLimits.max + 1);
    throw error;
  }
  if (line) return;
  const order = await repo.findOrder(db, orderId);
  if (!order) throw new AppError('notFound', 'error.cart.notFound');
  if (order.status !== cartStatus) throw new AppError('conflict', 'error.cart.closed');
  throw AppError.field('productCode', 'unknownProduct', 'error.cart.unknownProduct');
}

/** POST /orders/: a new cart with its first line. */
export async function createCart(db: Db, input: AddToCart): Promise<{ id: string; currency: Currency }> {
  return db.transaction(async (tx) => {
    const order = await repo.insertOrder(tx, { status: cartStatus, currency: input.currency, language: input.language });
    await recordTransition(tx, { orderId: order.id, action: 'CREATE', fromStatus: null, toStatus: cartStatus, actor: 'visitor' });
    await addSeatsOrRefuse(tx, order.id, input);
    return { id: order.id, currency: order.currency as Currency };
  });
}

/** Reading a cart: 404 when unknown, 403 once it has become an order. */
export async function getCart(db: Db, orderId: string, language: Language): Promise<Cart> {
  const row = await repo.findCart(db, orderId);
  if (!row) throw new AppError('notFound', 'error.cart.notFound');
  if (row.status !== cartStatus) throw new AppError('forbidden', 'error.cart.notFound');
  return toCartView(row, language);
}

/** Runs a change on a locked cart and answers the cart as it is afterwards. */
async function changeCart(
  db: Db,
  orderId: string,
  language: Language,
  change: (tx: Db, order: { id: string; currency: string }) => Promise<void>,
): Promise<Cart> {
  await db.transaction(async (tx) => {
    await change(tx, await lockCart(tx, orderId));
  });
  return loadCartView(db, orderId, language);
}

export async function addItem(db: Db, orderId: string, input: AddToCart, language: Language): Promise<Cart> {
  await addSeatsOrRefuse(db, orderId, input);
  return loadCartView(db, orderId, language);
}

/** Switches the cart's currency and re-prices every line from that currency's list. */
export function changeCurrency(db: Db, orderId: string, currency: Currency, language: Language): Promise<Cart> {
  return changeCart(db, orderId, language, async (tx, order) => {
    for (const item of await repo.findItems(tx, order.id)) {
      const price = await currentPrice(tx, item.productCode, item.paymentFrequency as PaymentFrequency, currency);
      // A withdrawn product has no price in the new currency: the line leaves the cart.
      await repo.updateItem(tx, item.id, price === undefined ? { status: 'REMOVED' } : { unitPriceMinor: price });
    }
    await repo.setOrderFields(tx, order.id, { currency });
  });
}

async function findItemOrRefuse(tx: Db, orderId: string, itemId: string): Promise<{ item: repo.ItemRow; items: repo.ItemRow[] }> {
  const items = await repo.findItems(tx, orderId);
  const item = items.find((candidate) => candidate.id === itemId);
  if (!item) throw new AppError('notFound', 'error.cart.itemNotFound');
  return { item, items };
}

/** PUT …/{itemId}: quantity, status (remove/undo), payment frequency, term. */
export function updateCartItem(db: Db, orderId: string, itemId: string, patch: UpdateItem, language: Language): Promise<Cart> {
  return changeCart(db, orderId, language, async (tx, order) => {
    const { item, items } = await findItemOrRefuse(tx, order.id, itemId);
    if (patch.productCode !== undefined && patch.productCode !== item.productCode) {
      throw AppError.field('productCode', 'invalid', 'error.invalid');
    }
    const paymentFrequency = patch.paymentFrequency ?? (item.paymentFrequency as PaymentFrequency);
    const status = patch.status ?? item.status;
    const values: Partial<repo.NewItem> = { status };
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
}

/**
 * match-count (DESIGN.md §3): the line takes the largest quantity among the cart's other
 * ACTIVE lines, so every seat gets this training too.
 */
export function matchCount(db: Db, orderId: string, itemId: string, language: Language): Promise<Cart> {
  return changeCart(db, orderId, language, async (tx, order) => {
    const { item, items } = await findItemOrRefuse(tx, order.id, itemId);
    if (item.status !== 'ACTIVE') throw new AppError('conflict', 'error.cart.removedItem');
    const others = items.filter((other) => other.id !== item.id && other.status === 'ACTIVE');
    if (others.length === 0) return;
    await repo.updateItem(tx, item.id, { quantity: Math.max(...others.map((other) => other.quantity)) });
  });
}

/** Cart sync: re-prices every line from the current catalogue; a withdrawn product's line is removed. */
export function syncCart(db: Db, orderId: string, language: Language): Promise<Cart> {
  return changeCart(db, orderId, language, async (tx, order) => {
    for (const item of await repo.findItems(tx, order.id)) {
      const price = await currentPrice(tx, item.productCode, item.paymentFrequency as PaymentFrequency, order.currency as Currency);
      if (price === undefined) await repo.updateItem(tx, item.id, { status: 'REMOVED' });
      else if (price !== item.unitPriceMinor) await repo.updateItem(tx, item.id, { unitPriceMinor: price });
    }
  });
}

/** The count of ACTIVE lines; 404 for an unknown cart. */
export async function productsCount(db: Db, orderId: string): Promise<number> {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw new AppError('notFound', 'error.cart.notFound');
  if (order.status !== cartStatus) return 0;
  return repo.countActiveItems(db, orderId);
}

export async function isSubscribed(db: Db, orderId: string): Promise<boolean> {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw new AppError('notFound', 'error.cart.notFound');
  return order.subscribedAt !== null;
}
