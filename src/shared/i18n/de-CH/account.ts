import type { account as reference } from '../en-US/account.ts';

/** Die Kontoseite der Käuferin oder des Käufers (src/client/app/routes/account/) und ihr Link auf der Sendungsverfolgung. */
export const account = {
  'account.title': 'Ihr Konto',
  'account.loading': 'Ihr Konto wird geladen …',
  'account.loadFailed': 'Ihr Konto konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
  'account.signIn.heading': 'Anmelden',
  'account.signIn.intro':
    'Geben Sie die E-Mail-Adresse ein, mit der Sie bestellt haben. Wenn wir Bestellungen dazu haben, senden wir Ihnen einen Link, der Sie ohne Passwort anmeldet. Er ist einmal und 30 Minuten lang gültig.',
  'account.signIn.submit': 'Anmeldelink per E-Mail senden',
  'account.link.expired': 'Dieser Anmeldelink ist abgelaufen: Er ist 30 Minuten lang gültig. Fordern Sie unten einen neuen an.',
  'account.link.used': 'Dieser Anmeldelink wurde bereits verwendet: Jeder ist nur einmal gültig. Fordern Sie unten einen neuen an.',
  'account.link.invalid': 'Dieser Anmeldelink ist ungültig. Fordern Sie unten einen neuen an.',
  'account.signedInAs': 'Angemeldet als {email}',
  'account.signOut': 'Abmelden',
  'account.signOutFailed': 'Das Abmelden ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  'account.orders.heading': 'Ihre Bestellungen',
  'account.orders.none': 'Zu dieser Adresse gibt es noch keine Bestellungen.',
  'account.order.title': 'Bestellung {number}',
  'account.order.orderedAt': 'Bestellt am',
  'account.order.status': 'Status',
  'account.order.total': 'Total der Bestellung',
  'account.order.tracking': 'Bestellung {number} verfolgen',
  'account.order.invoicesCaption': 'Rechnungen und Gutschriften der Bestellung {number}',
  'account.plan.heading': 'Monatsabonnement',
  'account.plan.seats': 'Plätze',
  'account.plan.nextRenewal': 'Nächste Verlängerung',
  'account.plan.nextRenewalValue': '{date}, {amount} netto',
  'account.plan.noRenewal': 'Keine: Das Abonnement endet am {date}',
  'account.plan.minimumTerm': 'Mindestlaufzeit bis',
  'account.link': 'Alle Ihre Bestellungen und Rechnungen: Ihr Konto',
} as const satisfies Record<keyof typeof reference, string>;
