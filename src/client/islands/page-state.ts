import type { ProductTier } from '#shared/catalog.ts';
import {
  defaultCurrency,
  defaultLanguage,
  defaultPaymentFrequency,
  isCurrency,
  isLanguage,
  type Currency,
  type Language,
  type PaymentFrequency,
} from '#shared/locales.ts';
import { cookies } from '#shared/cookies.ts';
import { readCookie, writeCookie } from '../lib/cookies.ts';

/**
 * The page-wide state the islands share, kept where a page without JS already has it:
 * the language in `<html lang>`, the currency in `<body data-selected-currency>`, and
 * the choices of the trainings-page switches in `<body data-payment-frequency>` and
 * `<body data-product-tier>`. Every change is announced with a `CustomEvent` on
 * `document`, so widgets that are mounted independently stay in step.
 */
export const pageEvents = {
  currency: 'site:currency-change',
  paymentFrequency: 'site:payment-frequency-change',
  productTier: 'site:product-tier-change',
} as const;

export function getPageLanguage(doc: Document = document): Language {
  const lang = doc.documentElement.lang;
  return isLanguage(lang) ? lang : defaultLanguage;
}

export function getSelectedCurrency(doc: Document = document): Currency {
  const fromBody = doc.body?.dataset.selectedCurrency;
  if (isCurrency(fromBody)) return fromBody;
  const fromCookie = readCookie(cookies.currency);
  return isCurrency(fromCookie) ? fromCookie : defaultCurrency;
}

/**
 * Stores the choice in the `currency` cookie (1 year, path /), puts it on `<body>` (the
 * stylesheet then shows the prices of that currency, no reload) and announces it.
 */
export function setSelectedCurrency(currency: Currency, doc: Document = document): void {
  writeCookie(cookies.currency, currency);
  doc.body.dataset.selectedCurrency = currency;
  doc.dispatchEvent(new CustomEvent<Currency>(pageEvents.currency, { detail: currency }));
}

export function onCurrencyChange(listener: (currency: Currency) => void, doc: Document = document): () => void {
  return listen(doc, pageEvents.currency, listener);
}

/** Stores the language choice in the `locale` cookie (1 year, path /). */
export function storeLanguage(language: Language): void {
  writeCookie(cookies.locale, language);
}

export function getPaymentFrequency(doc: Document = document): PaymentFrequency {
  const value = doc.body?.dataset.paymentFrequency;
  return value === 'MONTHLY' || value === 'ONE_TIME' ? value : defaultPaymentFrequency;
}

export function setPaymentFrequency(frequency: PaymentFrequency, doc: Document = document): void {
  doc.body.dataset.paymentFrequency = frequency;
  doc.dispatchEvent(new CustomEvent<PaymentFrequency>(pageEvents.paymentFrequency, { detail: frequency }));
}

export function setProductTier(tier: ProductTier, doc: Document = document): void {
  doc.body.dataset.productTier = tier;
  doc.dispatchEvent(new CustomEvent<ProductTier>(pageEvents.productTier, { detail: tier }));
}

function listen<T>(doc: Document, type: string, listener: (value: T) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<T>).detail);
  doc.addEventListener(type, handler);
  return () => doc.removeEventListener(type, handler);
}
