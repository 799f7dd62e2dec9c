import type { errors as reference } from '../en-US/errors.ts';

/** Was die eigene Prüfung eines Formulars sagt: die Schlüssel der gemeinsamen Schemas und die, welche die Seiten selbst zeigen. */
export const errors = {
  'error.required': 'Dieses Feld ist erforderlich.',
  'error.invalid': 'Dieser Wert ist nicht gültig.',
  'error.invalidEmail': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  'error.tooShort': 'Bitte geben Sie mindestens {min} Zeichen ein.',
  'error.tooLong': 'Bitte geben Sie höchstens {max} Zeichen ein.',
  'error.tooSmall': 'Der Wert muss mindestens {min} sein.',
  'error.tooBig': 'Der Wert darf höchstens {max} sein.',
  'error.invalidOption': 'Bitte wählen Sie eine der angebotenen Optionen.',
  'error.phoneFormat':
    'Verwenden Sie nur Ziffern, Leerzeichen und Bindestriche. Bitte geben Sie die Telefonnummer im internationalen Format mit der gewählten Landesvorwahl ein.',
  'error.consentRequired': 'Bitte stimmen Sie der Datenschutzerklärung zu.',
  'error.webinarCode': 'Verwenden Sie nur Buchstaben, Ziffern und Bindestriche.',
  'error.invalidDateTime': 'Bitte geben Sie ein gültiges Datum mit Uhrzeit ein.',
  'error.httpsLink': 'Bitte geben Sie einen Link ein, der mit https:// beginnt.',
  'error.webinar.notFound': 'Dieses Webinar gibt es nicht oder es wurde abgesagt.',
  'error.webinar.started': 'Dieses Webinar hat bereits begonnen, die Anmeldung ist geschlossen.',

  'error.staff.commonPassword': 'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',

  'error.order.refundAmountWithoutRefund': 'Geben Sie einen Rückerstattungsbetrag nur bei einer Rückerstattung an.',
  'error.money.decimals': 'Bitte geben Sie einen Betrag mit höchstens zwei Nachkommastellen ein.',
  'error.date.beforeStart': 'Das Enddatum darf nicht vor dem Startdatum liegen.',
  'error.date.outOfRange': 'Bitte geben Sie ein Datum zwischen den Jahren {first} und {last} ein.',

  'error.postcode.format': 'Diese PLZ ist für das gewählte Land nicht gültig. Sie wird so geschrieben: {example}.',

  'error.checkout.agreeRequired': 'Bitte stimmen Sie den Allgemeinen Geschäftsbedingungen und der Datenschutzerklärung zu.',
  'error.checkout.vatNumberRequired': 'Bitte geben Sie die MWST-Nummer Ihres Unternehmens ein: Sie wird für Rechnungen in EU-Länder benötigt (Reverse Charge).',
  'error.checkout.countryRequired': 'Bitte wählen Sie ein Land.',

  'error.downloadable.notFound': 'Diesen Download gibt es nicht.',

  'error.issueLanguage': 'Bitte wählen Sie mindestens eine Sprache.',
  'error.imageFile': 'Bitte wählen Sie ein Bild im Format PNG, JPEG, GIF oder WebP.',
  'error.imageTooLarge': 'Das Bild ist grösser als 2 MB.',
  'error.sendAtPast': 'Bitte wählen Sie einen Zeitpunkt in der Zukunft, oder senden Sie jetzt.',
  // Credit notes: an amount or seats (src/shared/schemas/invoices.ts)
  'error.creditNote.amountOrSeats': 'Schreiben Sie entweder einen Betrag oder Plätze der Rechnungspositionen gut.',
  'error.creditNote.noSeats': 'Geben Sie bei mindestens einer Position die gutzuschreibenden Plätze an.',
  'error.creditNote.lineTwice': 'Jede Position der Rechnung kann nur einmal genannt werden.',
} satisfies Record<keyof typeof reference, string>;
