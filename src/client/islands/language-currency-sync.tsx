import { useEffect } from 'react';
import { cookies } from '#shared/cookies.ts';
import { readCookie } from '#client/lib/cookies.ts';
import { cartEndpoints } from '#shared/cart-endpoints.ts';
import { callApi } from '#client/lib/api.ts';
import { readCartId } from '#client/features/cart/cart.ts';
import { cartEvents, announceCart } from '#client/features/cart/cart-events.ts';
import { onCurrencyChange, storeLanguage } from './page-state.ts';
import type { IslandProps } from './types.ts';
import type { Currency, Language } from '#shared/locales.ts';

/** Puts an existing cart into the chosen currency: the currency selector re-prices the cart too. */
async function repriceCart(currency: Currency, language: Language): Promise<void> {
  const orderId = readCartId();
  if (!orderId) return;
  try {
    const cart = await callApi(cartEndpoints.cart, { params: { orderId }, query: { language } });
    if (cart.currency === currency) return;
    await callApi(cartEndpoints.changeCartCurrency, { params: { orderId }, query: { language }, body: { currency } });
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
