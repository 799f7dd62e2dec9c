import type { frame as reference } from '../en-US/frame.ts';

/** Kopf- und Fusszeile der Website, auf den Marketing-Seiten und um die Seiten der App (src/client/ui/site-frame/). Schweizer Schreibweise: "ss", nie "ß". */
export const frame = {
  'frame.skipLink': 'Zum Hauptinhalt springen',
  'frame.nav.label': 'Hauptnavigation',
  'frame.nav.trainings': 'Trainings',
  'frame.nav.webinars': 'Webinare',
  'frame.nav.contact': 'Kontakt',
  'frame.cart.label': 'Warenkorb',
  'frame.cart.items.one': '{count} Artikel',
  'frame.cart.items.other': '{count} Artikel',
  'frame.footer.nav': 'Rechtliches und Kontakt',
  'frame.footer.tagline': 'Cybersecurity-Trainings für Unternehmen, aus Zürich.',
  'frame.footer.trainings': 'Trainings',
  'frame.footer.contact': 'Kontakt',
  'frame.footer.terms': 'AGB',
  'frame.footer.privacy': 'Datenschutzerklärung',
  'frame.footer.imprint': 'Impressum',
  'frame.footer.copyright': '© {year} {companyName}. Alle Rechte vorbehalten.',
} satisfies Record<keyof typeof reference, string>;
