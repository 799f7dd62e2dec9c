import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { cartHref, readCartId, refreshCartCount } from './cart.ts';
import { onOpenCartDrawer } from './cart-events.ts';
import { getCartCount, subscribe } from './cart-count.ts';
import type { Language } from '#shared/locales.ts';
import { useHydrated } from '#client/lib/hydration.tsx';
import type { Cart } from '#shared/schemas/cart.ts';

// The drawer's code (and its texts) is fetched when it first opens, not with the page.
const CartDrawer = lazy(() => import('./cart-drawer.tsx'));

/** The island's `data-*` attributes on the marketing pages (src/client/islands/cart-button.tsx), props in the app. */
export interface CartButtonProps {
  lang: Language;
  label?: string;
  itemsOne?: string;
  itemsOther?: string;
}

const serverCount = () => 0;

/**
 * The header's cart button, on the marketing pages (the `cart-button` island) and in the
 * app: a link to the cart with a count badge. With scripts it
 * opens the cart drawer instead (the link still works in a new tab). The count comes
 * from `cart-count.ts`, loaded once the page is up; the target from the `shopping_cart`
 * cookie, read after hydration (the prerendered page cannot know it).
 */
export default function CartButton({ label = '', itemsOne = '{count}', itemsOther = '{count}', lang }: CartButtonProps) {
  const count = useSyncExternalStore(subscribe, getCartCount, serverCount);
  const cartId = useHydrated() ? readCartId() : undefined;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The cart an add answered, which the drawer shows without asking again.
  const [answered, setAnswered] = useState<Cart>();
  const link = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    void refreshCartCount();
    return onOpenCartDrawer((cart) => {
      setAnswered(cart);
      setDrawerOpen(true);
    });
  }, []);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setAnswered(undefined);
    setDrawerOpen(true);
  };

  // The language's plural rules pick the wording, not a comparison with 1.
  const items = (new Intl.PluralRules(lang).select(count) === 'one' ? itemsOne : itemsOther).replace('{count}', String(count));
  return (
    <>
      <a ref={link} className="cart-button" href={cartHref(cartId)} onClick={open} aria-haspopup="dialog">
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
      {drawerOpen && (
        <Suspense fallback={null}>
          <CartDrawer
            language={lang}
            answered={answered}
            onClose={() => {
              setDrawerOpen(false);
              link.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
