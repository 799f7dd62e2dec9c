import type { accountMails as reference } from '../en-US/account-mails.ts';

/** Die Antwort auf eine Anfrage nach einem Anmeldelink, die Mail mit dem Link und die Ablehnung des Kontos (src/server/modules/account/). */
export const accountMails = {
  'account.signInLink.sent': 'Vielen Dank. Falls mit {email} bestellt wurde, ist ein Anmeldelink dorthin unterwegs. Er ist einmal und 30 Minuten lang gültig.',
  'error.account.signInNeeded': 'Bitte melden Sie sich bei Ihrem Konto an: Fordern Sie einen Anmeldelink per E-Mail an.',
  'accountMail.subject': 'Ihr Anmeldelink',
  'accountMail.intro': 'Hier ist Ihr Link zu Ihrem Konto bei uns: Ihre Bestellungen, Rechnungen und Abonnemente.',
  'accountMail.button': 'Beim Konto anmelden',
  'accountMail.validity': 'Der Link ist einmal und 30 Minuten lang gültig, bis {time}. Danach fordern Sie hier einen neuen an: {page}',
  'accountMail.yourAccount': 'Ihr Konto: alle Ihre Bestellungen und Rechnungen, mit einem Anmeldelink per E-Mail',
  'accountMail.notYou': 'Sie haben diesen Link nicht angefordert? Dann können Sie diese E-Mail ignorieren; ohne ihn kann sich niemand anmelden.',
} as const satisfies Record<keyof typeof reference, string>;
