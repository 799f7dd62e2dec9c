import type { Cart } from '#shared/schemas/cart.ts';

/**
 * Cart events between the widgets of one page, which are roots of their own on the
 * marketing pages: an add asks the drawer to open and hands it the cart the server
 * answered (the drawer puts it into the query cache, use-cart.ts), a change made outside
 * the drawer (the exit-intent popup saves the cart) marks the cached cart stale, and a
 * cart loaded in another currency than the page's tells the currency selectors to show
 * the cart's.
 */
export const cartEvents = {
  open: 'site:cart-open',
  changed: 'site:cart-changed',
  currency: 'site:cart-currency',
} as const;

type CartEvent = (typeof cartEvents)[keyof typeof cartEvents];

export function announceCart(type: CartEvent, doc: Document = document): void {
  doc.dispatchEvent(new CustomEvent(type));
}

export function onCartEvent(type: CartEvent, listener: () => void, doc: Document = document): () => void {
  doc.addEventListener(type, listener);
  return () => doc.removeEventListener(type, listener);
}

/** Opens the cart drawer with the cart an add answered (none when the add made the cart, whose answer is only its id). */
export function openCartDrawer(cart?: Cart, doc: Document = document): void {
  doc.dispatchEvent(new CustomEvent<Cart | undefined>(cartEvents.open, { detail: cart }));
}

export function onOpenCartDrawer(listener: (cart: Cart | undefined) => void, doc: Document = document): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<Cart | undefined>).detail ?? undefined);
  doc.addEventListener(cartEvents.open, handle);
  return () => doc.removeEventListener(cartEvents.open, handle);
}
