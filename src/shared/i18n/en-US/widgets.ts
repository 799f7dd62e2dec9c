/**
 * The marketing widgets' texts the browser translates (docs/product/widgets.md): the
 * exit-intent popup, whose dialog, loaded only when it appears, uses the catalogue. The
 * texts only the prerender needs (questionnaire, FAQ, newsletter section) are page texts,
 * in `site-widgets.ts`.
 */
export const widgets = {
  // Exit-intent popup
  'widgets.exitIntent.guide.title': 'Before you go: our free guide',
  'widgets.exitIntent.guide.intro':
    'How to make every employee a line of defence, from the front desk to the CISO: our guide on cybersecurity education in companies (PDF). We send you the download link by e-mail.',
  'widgets.exitIntent.guide.submit': 'Send me the guide',
  'widgets.exitIntent.cart.title': 'Keep your shopping cart for later?',
} as const;
