import { useEffect, useState } from 'react';
import { isCurrency, type Currency } from '#shared/locales.ts';
import { cookies } from '#shared/cookies.ts';
import { cartEvents, onCartEvent } from '#client/features/cart/cart-events.ts';
import { readCookie } from '../lib/cookies.ts';
import { CurrencySelect } from '../ui/site-frame/currency-select.tsx';
import { onCurrencyChange, setSelectedCurrency } from './page-state.ts';
import type { IslandProps } from './types.ts';
import { useHydrated } from '#client/lib/hydration.tsx';

export type CurrencySelectorProps = IslandProps<{ label: string }>;

/**
 * `data-island="currency-selector"`: a select of EUR, USD and CHF. A choice is stored in
 * the `currency` cookie and on `<body data-selected-currency>`, which switches the shown
 * prices at once (the stylesheet shows only the prices of that currency).
 */
export default function CurrencySelector({ currency, label }: CurrencySelectorProps) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<Currency>(currency);

  useEffect(() => onCurrencyChange(setSelected), []);

  // The visitor's cart, loaded in another currency (the cart drawer): the page follows the cart.
  useEffect(
    () =>
      onCartEvent(cartEvents.currency, () => {
        const stored = readCookie(cookies.currency);
        if (isCurrency(stored) && stored !== document.body.dataset.selectedCurrency) setSelectedCurrency(stored);
      }),
    [],
  );

  // A page restored from the back-forward cache may predate a later choice: follow the cookie.
  useEffect(() => {
    const restore = (event: PageTransitionEvent) => {
      const stored = readCookie(cookies.currency);
      if (event.persisted && isCurrency(stored) && stored !== document.body.dataset.selectedCurrency) {
        setSelectedCurrency(stored);
      }
    };
    window.addEventListener('pageshow', restore);
    return () => window.removeEventListener('pageshow', restore);
  }, []);

  return <CurrencySelect label={label} value={selected} onChange={setSelectedCurrency} disabled={!hydrated} />;
}
