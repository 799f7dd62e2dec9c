import { useEffect } from 'react';
import { cookies } from '#shared/cookies.ts';
import { readCookie } from '../lib/cookies.ts';
import { cartApi, readCartId } from '../lib/cart-api.ts';
import { cartEvents, announceCart } from './cart-events.ts';
import { onCurrencyChange, storeLanguage } from './page-state.ts';
import type { IslandProps } from './types.ts';
import type { Currency, Language } from '#shared/locales.ts';

/** Puts an existing cart into the chosen currency (SPEC §2: the selector re-prices it). */
async function repriceCart(currency: Currency, language: Language): Promise<void> {
  const id = readCartId();
  if (!id) return;
  try {
    const cart = await cartApi.get(id, language);
    if (cart.currency === currency) return;
    await cartApi.changeCurrency(id, currency, language);
    announceCart(cartEvents.changed);
  } catch (error) {
    // A cart that is gone is the cart button's business (it forgets it); nothing to sync.
    console.warn('cart currency sync skipped', error);
  }
}

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
