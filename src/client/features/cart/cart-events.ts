/**
 * Cart events between widgets of one page: an add asks the drawer to open, any change
 * asks the drawer to reload, and a cart loaded in another currency than the page's tells
 * the currency selectors to show the cart's.
 */
export const cartEvents = {
  open: 'site:cart-open',
  changed: 'site:cart-changed',
  currency: 'site:cart-currency',
} as const;

export function announceCart(type: (typeof cartEvents)[keyof typeof cartEvents], doc: Document = document): void {
  doc.dispatchEvent(new CustomEvent(type));
}

export function onCartEvent(type: (typeof cartEvents)[keyof typeof cartEvents], listener: () => void, doc: Document = document): () => void {
  doc.addEventListener(type, listener);
  return () => doc.removeEventListener(type, listener);
}
