import { cartCalls } from '#shared/contract/cart.ts';
import { cookies } from '#shared/cookies.ts';
import type { Currency, Language } from '#shared/locales.ts';
import { appPaths, appUrl } from '#shared/paths.ts';
import type { AddToCart, Cart } from '#shared/schemas/cart.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { deleteCookie, readCookie, writeCookie } from '#client/lib/cookies.ts';
import { setCartCount } from './cart-count.ts';
import { announceCart, cartEvents, openCartDrawer } from './cart-events.ts';

/** The visitor's cart: its id in the `shopping_cart` cookie, and the first add that makes it. */
export function readCartId(): string | undefined {
  const id = readCookie(cookies.shoppingCart);
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : undefined;
}

/** The shopping-cart page of the app when a cart exists, else the "no cart" page. */
export function cartHref(cartId: string | undefined): string {
  return appUrl(cartId ? appPaths.shoppingCart(encodeURIComponent(cartId)) : appPaths.noShoppingCart());
}

export function rememberCart(id: string): void {
  writeCookie(cookies.shoppingCart, id);
}

/** Forgets the visitor's cart (gone, or ordered): the header counts 0. */
export function forgetCart(): void {
  deleteCookie(cookies.shoppingCart);
  setCartCount(0);
}

/**
 * What a cart the server answered tells the page: the header's count, and the currency
 * (below). Called by the cart's hooks (use-cart.ts) and the exit-intent popup when they
 * have a cart, never from inside a query's load.
 */
export function followCart(cart: Pick<Cart, 'count' | 'currency'>): void {
  setCartCount(cart.count);
  followCartCurrency(cart.currency);
}

/**
 * The cart's currency is the visitor's currency: a cart restored from its mail, or priced
 * in another browser, puts its currency into the `currency` cookie, and the currency
 * selectors of the page (the header's) show it.
 */
function followCartCurrency(currency: Currency): void {
  if (readCookie(cookies.currency) === currency) return;
  writeCookie(cookies.currency, currency);
  announceCart(cartEvents.currency);
}

/** Loads the count of the visitor's cart into the shared count; a cart that is gone is forgotten. */
export async function refreshCartCount(): Promise<void> {
  const orderId = readCartId();
  if (!orderId) {
    setCartCount(0);
    return;
  }
  try {
    setCartCount((await callApi(cartCalls.productsCount, { params: { orderId } })).count);
  } catch (error) {
    if (error instanceof ApiError && error.isGone) forgetCart();
    else console.error('cart count failed', error);
  }
}

/** What an add tells the page: the cart's count, and the whole cart when the server answered it. */
export interface AddedToCart {
  count: number;
  cart?: Cart;
}

/**
 * Adds to the visitor's cart, creating it on the first add (its id then goes into the
 * 90-day cookie). An add to an existing cart answers the whole cart: one round trip, and
 * the drawer shows that answer. A new cart answers only its id, so the drawer loads it. A
 * cart that vanished (403/404) or was ordered meanwhile (409) is forgotten and a new one
 * is made.
 */
export async function addToCart(input: AddToCart): Promise<AddedToCart> {
  const existing = readCartId();
  if (existing) {
    try {
      const cart = await callApi(cartCalls.addToCart, { params: { orderId: existing }, query: { language: input.language }, body: input });
      return { count: cart.count, cart };
    } catch (error) {
      if (!(error instanceof ApiError && (error.isGone || error.status === 409))) throw error;
      forgetCart();
    }
  }
  const created = await callApi(cartCalls.createCart, { body: input });
  rememberCart(created.id);
  return { count: 1 };
}

/** After an add: the header counts the cart's products, and the drawer opens with what the server answered. */
export function showAddedCart(added: AddedToCart): void {
  setCartCount(added.count);
  openCartDrawer(added.cart);
}

/**
 * The history state with which the checkout of a cart without an ACTIVE line sends the
 * visitor to the cart page, which then says why they are there.
 */
export const emptyCheckoutState = { cartNotice: 'emptyCheckout' } as const;

export function isEmptyCheckoutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { cartNotice?: unknown }).cartNotice === emptyCheckoutState.cartNotice;
}

/**
 * Puts the visitor's cart into the chosen currency: the header's currency selector (on the
 * marketing pages and in the app) re-prices the cart too. Announces the change.
 */
export async function repriceCart(currency: Currency, language: Language): Promise<void> {
  const orderId = readCartId();
  if (!orderId) return;
  try {
    const cart = await callApi(cartCalls.cart, { params: { orderId }, query: { language } });
    if (cart.currency === currency) return;
    await callApi(cartCalls.changeCartCurrency, { params: { orderId }, query: { language }, body: { currency } });
    announceCart(cartEvents.changed);
  } catch (error) {
    // A cart that is gone is the cart button's business (it forgets it); nothing to sync.
    if (!(error instanceof ApiError && error.isGone)) console.error('cart currency sync failed', error);
  }
}
