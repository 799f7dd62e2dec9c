import type { IslandRegistry } from './types.ts';

/**
 * Widget name (`data-island="…"`) → its module, loaded only when a page contains it.
 * Add a widget: create `<name>.tsx` with a default-exported component and add a line here;
 * document its attributes in docs/islands.md.
 */
export const registry: IslandRegistry = {
  'add-to-cart': () => import('./add-to-cart.tsx'),
  'cart-button': () => import('./cart-button.tsx'),
  'currency-selector': () => import('./currency-selector.tsx'),
  'downloadable-content': () => import('./downloadable-content.tsx'),
  'exit-intent': () => import('./exit-intent.tsx'),
  'language-currency-sync': () => import('./language-currency-sync.tsx'),
  'language-switch': () => import('./language-switch.tsx'),
  'newsletter-modal': () => import('./newsletter-modal.tsx'),
  'payment-frequency-switch': () => import('./payment-frequency-switch.tsx'),
  'product-tier-switch': () => import('./product-tier-switch.tsx'),
  questionnaire: () => import('./questionnaire.tsx'),
};
