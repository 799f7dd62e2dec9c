/**
 * The header's cart count, shared by every widget on a marketing page: set by every cart
 * the server answers (`followCart` in cart.ts) and by the count loaded on mount. The cart
 * itself is in the query cache (use-cart.ts).
 * Tiny on purpose: widgets read it with `useSyncExternalStore`
 * (`useSyncExternalStore(subscribe, getCartCount, () => 0)`).
 */
type Listener = () => void;

let count = 0;
const listeners = new Set<Listener>();

export function getCartCount(): number {
  return count;
}

/** Sets the number of products in the cart; negative or fractional values are clamped. */
export function setCartCount(next: number): void {
  const value = Number.isFinite(next) ? Math.max(0, Math.trunc(next)) : 0;
  if (value === count) return;
  count = value;
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` after every change; returns the function that unsubscribes. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
