import type { shop as reference } from '../en-US/shop.ts';

export const shop = {
  'error.cart.notFound': 'Dieser Warenkorb existiert nicht mehr',
  'error.cart.closed': 'Diese Bestellung wurde bereits aufgegeben und kann nicht mehr geändert werden.',
  'error.cart.unknownProduct': 'Dieses Training wird nicht (mehr) angeboten.',
  'error.cart.itemNotFound': 'Diese Position ist nicht im Warenkorb.',
  'error.cart.removedItem': 'Diese Position wurde aus dem Warenkorb entfernt. Stellen Sie sie zuerst wieder her.',
  'mail.greeting': 'Guten Tag {name}',
  'mail.signature': 'Freundliche Grüsse\nIhr Team der CyberSafe Academy',
  'mail.cartSaved.subject': 'Ihr gespeicherter Warenkorb bei der CyberSafe Academy',
  'mail.cartSaved.intro': 'Sie haben Ihren Warenkorb gespeichert. Er wartet mit diesen Trainings auf Sie:',
  'mail.cartSaved.cta': 'Warenkorb öffnen',
  'mail.cartSaved.linkNote': 'Der Link öffnet Ihren Warenkorb in jedem Browser. Geben Sie ihn nicht weiter: Wer ihn hat, kann den Warenkorb sehen und ändern.',
  'mail.seats': '{quantity} Plätze',
  'mail.seatsMonths': '{quantity} Plätze × {months} Monate',
  'mail.total': 'Total (exkl. MWST)',
  'shop.cartSaved.confirmation': 'Ihr Warenkorb ist gespeichert. Wir haben Ihnen eine E-Mail mit einem Link dazu geschickt.',
} satisfies Record<keyof typeof reference, string>;
