import type { IslandRegistry } from './types.ts';

/**
 * Widget name (`data-island="…"`) → its module, loaded only when a page contains it.
 * Add a widget: create `<name>.tsx` with a default-exported component, export it from the
 * module of the pages that have it (or give it a line `() => import('./<name>.tsx')` of its
 * own) and add a line here; document its attributes in docs/islands.md.
 */
export const registry: IslandRegistry = {
  'add-to-cart': () => import('./trainings-widgets.ts').then((m) => ({ default: m.AddToCart })),
  'cart-button': () => import('./site-wide.ts').then((m) => ({ default: m.CartButton })),
  'currency-selector': () => import('./site-wide.ts').then((m) => ({ default: m.CurrencySelector })),
  'downloadable-content': () => import('./home-widgets.ts').then((m) => ({ default: m.DownloadableContent })),
  'exit-intent': () => import('./site-wide.ts').then((m) => ({ default: m.ExitIntent })),
  'language-currency-sync': () => import('./site-wide.ts').then((m) => ({ default: m.LanguageCurrencySync })),
  'language-switch': () => import('./site-wide.ts').then((m) => ({ default: m.LanguageSwitch })),
  'newsletter-modal': () => import('./site-wide.ts').then((m) => ({ default: m.NewsletterModal })),
  'payment-frequency-switch': () => import('./trainings-widgets.ts').then((m) => ({ default: m.PaymentFrequencySwitch })),
  'product-tier-switch': () => import('./trainings-widgets.ts').then((m) => ({ default: m.ProductTierSwitch })),
  questionnaire: () => import('./home-widgets.ts').then((m) => ({ default: m.Questionnaire })),
};
