/** The site's header and footer, on the marketing pages and around the app's pages (src/client/ui/site-frame/). */
export const frame = {
  'frame.skipLink': 'Skip to main content',
  'frame.nav.label': 'Main',
  'frame.nav.trainings': 'Trainings',
  'frame.nav.webinars': 'Webinars',
  'frame.nav.contact': 'Contact',
  'frame.cart.label': 'Shopping cart',
  'frame.cart.items.one': '{count} item',
  'frame.cart.items.other': '{count} items',
  'frame.footer.nav': 'Legal and contact',
  'frame.footer.tagline': 'Cybersecurity training for businesses, made in Zürich.',
  'frame.footer.trainings': 'Trainings',
  'frame.footer.contact': 'Contact us',
  'frame.footer.terms': 'Terms and conditions',
  'frame.footer.privacy': 'Privacy policy',
  'frame.footer.imprint': 'Imprint',
  'frame.footer.copyright': '© {year} {companyName}. All rights reserved.',
} as const;
