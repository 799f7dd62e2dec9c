import { useEffect } from 'react';
import { repriceCart } from '#client/features/cart/cart.ts';
import { onCurrencyChange } from './page-state.ts';
import type { IslandProps } from './types.ts';

/**
 * `data-island="language-currency-sync"`, on every page, renders nothing. It reads the
 * page language (`<html lang>`) and the selected currency (`<body data-selected-currency>`)
 * and keeps the visitor's cart in the currency, now and whenever the currency selector
 * changes it. (The `locale` cookie follows the page's language without it: the server
 * sets it with the page, pages.routes.ts.)
 */
export default function LanguageCurrencySync({ lang, currency }: IslandProps) {
  useEffect(() => {
    void repriceCart(currency, lang);
    return onCurrencyChange((next) => void repriceCart(next, lang));
  }, [lang, currency]);
  return null;
}
