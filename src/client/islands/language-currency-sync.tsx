import { useEffect } from 'react';
import { cookies } from '#shared/cookies.ts';
import { readCookie } from '#client/lib/cookies.ts';
import { repriceCart } from '#client/features/cart/cart.ts';
import { onCurrencyChange, storeLanguage } from './page-state.ts';
import type { IslandProps } from './types.ts';

/**
 * `data-island="language-currency-sync"`, on every page, renders nothing. It reads the
 * page language (`<html lang>`) and the selected currency (`<body data-selected-currency>`)
 * and keeps the rest in step: the `locale` cookie follows the language being read, so
 * `/` and later e-mails use it, and the visitor's cart follows the currency, now and
 * whenever the currency selector changes it.
 */
export default function LanguageCurrencySync({ lang, currency }: IslandProps) {
  useEffect(() => {
    if (readCookie(cookies.locale) !== lang) storeLanguage(lang);
    void repriceCart(currency, lang);
    return onCurrencyChange((next) => void repriceCart(next, lang));
  }, [lang, currency]);
  return null;
}
