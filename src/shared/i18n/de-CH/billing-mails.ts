/** Die Mails der Verrechnung (src/server/modules/billing/billing.mails.ts): Rechnungen, Zahlungserinnerungen, Kündigung. */
export const billingMails = {
  'mail.creditNote.subject': 'Gutschrift {number} zur Rechnung {invoice} Ihrer Bestellung {order}',
  'mail.creditNote.intro': 'Wir haben die Gutschrift {number} zur Rechnung {invoice} ausgestellt: {amount} werden Ihnen gutgeschrieben.',
  'mail.creditNote.reason': 'Grund: {reason}',
  'mail.creditNote.attached': 'Die Gutschrift finden Sie als PDF im Anhang. Es ist nichts zu bezahlen; was Sie über den noch geschuldeten Betrag hinaus bezahlt haben, erstatten wir Ihnen.',
  'note.billing.creditNote': 'Gutschrift {number} zur Rechnung {invoice}: {amount} gutgeschrieben. Grund: {reason}',
  'mail.invoice.subject': 'Rechnung {number} zu Ihrer Bestellung {order}',
  'mail.invoice.intro': 'Im Anhang finden Sie die Rechnung {number} über {amount}, zahlbar bis {dueDate}.',
  'mail.invoice.period': 'Sie umfasst Ihre monatlichen Schulungen vom {from} bis {to}.',
  'mail.invoice.first': 'Sie umfasst Ihre Bestellung {order}.',
  'mail.invoice.tracking': 'Ihre Rechnungen und was offen ist',
  'mail.reminder.first.subject': 'Zahlungserinnerung: Rechnung {number}',
  'mail.reminder.first.intro':
    'Vielleicht ist es Ihnen entgangen: Die Rechnung {number} über {amount} war am {dueDate} fällig, und Ihre Zahlung ist noch nicht bei uns eingegangen. Bitte zahlen Sie die offenen {open} bei nächster Gelegenheit. Haben Sie bereits bezahlt, betrachten Sie diese E-Mail bitte als gegenstandslos.',
  'mail.reminder.second.subject': '2. Mahnung: Rechnung {number} ist überfällig',
  'mail.reminder.second.intro':
    'Die Rechnung {number} über {amount} war am {dueDate} fällig und ist trotz unserer Erinnerung noch offen. Bitte zahlen Sie die offenen {open} innert 10 Tagen.',
  'mail.reminder.final.subject': 'Letzte Mahnung: Rechnung {number} ist überfällig',
  'mail.reminder.final.intro':
    'Die Rechnung {number} über {amount}, fällig am {dueDate}, ist nach zwei Mahnungen noch immer unbezahlt. Bitte zahlen Sie die offenen {open} innert 10 Tagen; andernfalls sperren wir Ihre Plätze und übergeben die Forderung dem Inkasso.',
  'mail.reminder.attached': 'Die Rechnung liegt nochmals bei.',
  'mail.notice.subject': 'Bitte bestätigen Sie Ihre Kündigung der Bestellung {order}',
  'mail.notice.intro': 'Auf der Seite zur Bestellverfolgung wurde die Kündigung Ihres Monatsabonnements, Bestellung {order}, verlangt. Sie wird erst wirksam, wenn Sie sie bestätigen.',
  'mail.notice.effective': 'Ihr Abonnement würde am {date} enden (mit der laufenden Periode, nicht vor dem Ende der Mindestlaufzeit).',
  'mail.notice.cta': 'Kündigung bestätigen',
  'mail.notice.ignore': 'Haben Sie das nicht verlangt, ignorieren Sie diese E-Mail: Es ändert sich nichts.',
  'note.billing.reminder': 'Mahnstufe {step} von {steps} zur Rechnung {number} an {email} gesendet',
  'note.billing.reminderNotMailed': 'Mahnstufe {step} von {steps} zur Rechnung {number} erfasst, nicht gesendet: Eine Demo-Bestellung erhält keine E-Mails',
} as const;
