import type { shop as reference } from '../en-US/shop.ts';

/** Die Seite der App ohne Warenkorb und ihre Kontaktseite. */
export const shop = {
  'shop.noCart.title': 'Kein Warenkorb',
  'shop.noCart.text': 'In diesem Browser gibt es noch keinen Warenkorb. Wählen Sie ein Training, um einen zu beginnen.',
  'shop.noCart.found.title': 'Ihr Warenkorb',
  'shop.noCart.found.one': 'In diesem Browser gibt es einen Warenkorb mit {count} Training.',
  'shop.noCart.found.other': 'In diesem Browser gibt es einen Warenkorb mit {count} Trainings.',
  'shop.noCart.found.empty': 'In diesem Browser gibt es einen Warenkorb, er ist aber leer.',

  'contact.title': 'Kontakt',
  'contact.intro': 'Schreiben Sie dem Team, das Ihnen am besten helfen kann. Wir antworten innert zwei Arbeitstagen.',
  'contact.sent.text': 'Vielen Dank für Ihre Nachricht. Wir antworten innert zwei Arbeitstagen.',
  'contact.sent.home': 'Zurück zur Startseite',
} satisfies Record<keyof typeof reference, string>;
