import type { Currency, Language, PaymentFrequency } from '#shared/locales.ts';
import type { Cart, ItemStatus } from '#shared/schemas/cart.ts';
import type { FormSubmissionInput } from '#shared/schemas/forms.ts';
import { api } from './api.ts';
import { cookies } from '#shared/cookies.ts';
import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** The cart calls and the shopping_cart cookie. */

export function readCartId(): string | undefined {
  const id = readCookie(cookies.shoppingCart);
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : undefined;
}

export function rememberCart(id: string): void {
  writeCookie(cookies.shoppingCart, id);
}

export function forgetCart(): void {
  deleteCookie(cookies.shoppingCart);
}

export interface AddToCartInput {
  productCode: string;
  quantity: number;
  currency: Currency;
  language: Language;
  paymentFrequency: PaymentFrequency;
}

export const cartApi = {
  create: (input: AddToCartInput) => api<{ id: string; currency: Currency }>('POST', '/orders/', input),
  get: (id: string, language: Language) => api<Cart>('GET', `/orders/${id}/shopping-cart/?language=${language}`),
  add: (id: string, input: AddToCartInput) => api<Cart>('POST', `/orders/${id}/shopping-cart/?language=${input.language}`, input),
  changeCurrency: (id: string, currency: Currency, language: Language) =>
    api<Cart>('PUT', `/orders/${id}/shopping-cart/currency?language=${language}`, { currency }),
  updateItem: (
    id: string,
    itemId: string,
    change: { quantity?: number; status?: ItemStatus; paymentFrequency?: PaymentFrequency; periodMonths?: number },
    language: Language,
  ) => api<Cart>('PUT', `/orders/${id}/shopping-cart/${itemId}?language=${language}`, change),
  matchCount: (id: string, itemId: string, language: Language) =>
    api<Cart>('POST', `/orders/${id}/shopping-cart/${itemId}/match-count?language=${language}`),
  sync: (id: string, language: Language) => api<Cart>('POST', `/orders/${id}/shopping-cart/sync?language=${language}`),
  productsCount: (id: string) => api<{ count: number }>('GET', `/orders/${id}/shopping-cart/products-count`),
  isSubscribed: (id: string) => api<{ isSubscribed: boolean }>('GET', `/orders/${id}/is-subscribed`),
  subscribe: (id: string, form: FormSubmissionInput) =>
    api<{ isSubscribed: boolean; messages: { translations: Record<Language, string> }[] }>('POST', `/orders/${id}/subscribe`, form),
};

/**
 * Adds to the visitor's cart, creating it on the first add (SPEC §4: the id goes into a
 * 90-day cookie). A cart that vanished (403/404) is forgotten and a new one is made.
 */
export async function addToCart(input: AddToCartInput): Promise<{ id: string; count: number }> {
  const existing = readCartId();
  if (existing) {
    try {
      const cart = await cartApi.add(existing, input);
      return { id: existing, count: cart.count };
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 403 && status !== 404 && status !== 409) throw error;
      forgetCart();
    }
  }
  const created = await cartApi.create(input);
  rememberCart(created.id);
  return { id: created.id, count: 1 };
}
