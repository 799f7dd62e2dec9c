import type { widgets as reference } from '../en-US/widgets.ts';

/** Die Texte der Marketing-Widgets, die der Browser übersetzt (docs/product/widgets.md); die übrigen in site-widgets.ts. Schweizer Schreibweise: "ss", nie "ß". */
export const widgets = {
  // Exit-Intent-Pop-up
  'widgets.exitIntent.guide.title': 'Bevor Sie gehen: unser Leitfaden, kostenlos',
  'widgets.exitIntent.guide.intro':
    'Wie alle Mitarbeitenden zur Verteidigungslinie werden, vom Empfang bis zum CISO: unser Leitfaden zur Cybersecurity-Schulung in Unternehmen (PDF). Wir senden Ihnen den Download-Link per E-Mail.',
  'widgets.exitIntent.guide.submit': 'Leitfaden senden',
  'widgets.exitIntent.cart.title': 'Warenkorb für später speichern?',
} satisfies Record<keyof typeof reference, string>;
