import { useSyncExternalStore } from 'react';
import { getCartCount, subscribe } from './cart-store.ts';
import { readCookie } from '../lib/cookies.ts';
import type { IslandProps } from './types.ts';

export type CartButtonProps = IslandProps<{ label: string; itemsOne: string; itemsOther: string }>;

const serverCount = () => 0;
const readCartId = () => readCookie('shopping_cart') || undefined;
const serverCartId = () => undefined;

/** The shopping-cart page of the app when a cart exists, else the "no cart" page. */
export function cartHref(cartId: string | undefined): string {
  return cartId ? `/app/orders/${encodeURIComponent(cartId)}/shopping-cart` : '/app/no-shopping-cart';
}

/**
 * `data-island="cart-button"`: a link to the cart with a count badge. The count comes
 * from `cart-store.ts`; the link target from the `shopping_cart` cookie, read right after
 * hydration (the prerendered page cannot know it) and again whenever the count changes
 * (the first add to cart creates the cart and its cookie).
 */
export default function CartButton({ label = '', itemsOne = '{count}', itemsOther = '{count}' }: CartButtonProps) {
  const count = useSyncExternalStore(subscribe, getCartCount, serverCount);
  const cartId = useSyncExternalStore(subscribe, readCartId, serverCartId);

  const items = (count === 1 ? itemsOne : itemsOther).replace('{count}', String(count));
  return (
    <a className="cart-button" href={cartHref(cartId)}>
      <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2M9 20.5h.01M17 20.5h.01"
        />
      </svg>
      <span className="visually-hidden">{`${label}, ${items}`}</span>
      <span className="badge" aria-hidden="true">
        {count}
      </span>
    </a>
  );
}
