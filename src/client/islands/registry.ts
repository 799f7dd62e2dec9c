import type * as siteWideModule from './site-wide.ts';
import type { IslandComponent, IslandRegistry } from './types.ts';

/** A widget of every page: it comes with the runtime, in one chunk (site-wide.ts). */
const siteWide =
  (name: Exclude<keyof typeof siteWideModule, 'mountIslands'>) => (): Promise<{ default: IslandComponent }> =>
    import('./site-wide.ts').then((widgets) => ({ default: widgets[name] }));

/**
 * Widget name (`data-island="…"`) → its module, loaded only when a page contains it.
 * Add a widget: create `<name>.tsx` with a default-exported component and add a line here;
 * document its attributes in docs/islands.md.
 */
export const registry: IslandRegistry = {
  'add-to-cart': () => import('./add-to-cart.tsx'),
  'cart-button': siteWide('CartButton'),
  'currency-selector': siteWide('CurrencySelector'),
  'downloadable-content': () => import('./downloadable-content.tsx'),
  'exit-intent': siteWide('ExitIntent'),
  'language-currency-sync': siteWide('LanguageCurrencySync'),
  'language-switch': siteWide('LanguageSwitch'),
  'newsletter-modal': siteWide('NewsletterModal'),
  'payment-frequency-switch': () => import('./payment-frequency-switch.tsx'),
  'product-tier-switch': () => import('./product-tier-switch.tsx'),
  questionnaire: () => import('./questionnaire.tsx'),
};
