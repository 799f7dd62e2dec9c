/**
 * The islands runtime and the widgets every marketing page has (header, footer, document),
 * in one module so that the build makes one chunk of them: one request after the first
 * paint instead of seven, and gzip compresses them together (about 2 KB less per page).
 * The widgets of one page come in that page's module (home-widgets.ts, trainings-widgets.ts).
 */
export { mountIslands } from './mount.tsx';
export { default as CartButton } from './cart-button.tsx';
export { default as CurrencySelector } from './currency-selector.tsx';
export { default as ExitIntent } from './exit-intent.tsx';
export { default as LanguageCurrencySync } from './language-currency-sync.tsx';
export { default as LanguageSwitch } from './language-switch.tsx';
export { default as NewsletterModal } from './newsletter-modal.tsx';
