import type { apiErrors as reference } from '../en-US/api-errors.ts';

/** Was nur der Server sagt: die Meldungen der API-Fehler, die kein Formular vorwegnehmen kann (docs/product/api-conventions.md). Der Server sendet sie in jeder Sprache (`messagesByLanguage`); Browser laden sie nie. */
export const apiErrors = {
  'error.validation': 'Einige Felder sind nicht gültig.',
  'error.badRequest': 'Die Anfrage konnte nicht gelesen werden.',
  'error.requestTimeout': 'Die Anfrage ist zu langsam eingetroffen. Bitte versuchen Sie es erneut.',
  'error.uriTooLong': 'Die Adresse ist zu lang.',
  'error.headersTooLarge': 'Die Kopfzeilen der Anfrage sind zu gross.',
  'error.invalidCharacters': 'Dieser Text enthält Zeichen, die nicht erlaubt sind.',
  'error.malformedJson': 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  'error.nestedTooDeeply': 'Der Inhalt der Anfrage verschachtelt Objekte oder Listen tiefer als {max} Ebenen.',
  'error.unsupportedMediaType': 'Bitte senden Sie die Anfrage als JSON.',
  'error.payloadTooLarge': 'Die Anfrage ist zu gross.',
  'error.notFound': 'Die angeforderte Ressource existiert nicht.',
  'error.methodNotAllowed': 'Diese Methode ist hier nicht erlaubt.',
  'error.xsrf': 'Ihre Sitzung ist abgelaufen. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.',
  'error.unauthorized': 'Bitte melden Sie sich an.',
  'error.forbidden': 'Sie dürfen diese Aktion nicht ausführen.',
  'error.conflict': 'Diese Aktion ist im aktuellen Zustand nicht möglich.',
  'error.tooManyRequests': 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es noch einmal.',
  'error.internal': 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später noch einmal.',
  'error.unavailable': 'Der Dienst ist vorübergehend nicht verfügbar.',
  'error.captcha.invalid': 'Die Anti-Roboter-Prüfung ist fehlgeschlagen. Bitte lösen Sie sie erneut.',
  'error.captcha.expired': 'Die Anti-Roboter-Prüfung ist abgelaufen. Bitte lösen Sie sie erneut.',
  'error.captcha.used': 'Diese Anti-Roboter-Prüfung wurde bereits verwendet. Bitte lösen Sie sie erneut.',
  'error.captcha.wrongForm': 'Diese Anti-Roboter-Prüfung gehört zu einem anderen Formular. Bitte lösen Sie sie erneut.',
  'error.captcha.unknownSiteKey': 'Unbekannter Site-Key.',
  'error.webinar.codeTaken': 'Ein anderes Webinar hat bereits diesen Code.',
  'error.webinar.startInPast': 'Der Beginn muss in der Zukunft liegen.',
  'error.webinar.hasSubscribers': 'Für dieses Webinar gibt es Anmeldungen. Bestätigen Sie, dass die Angemeldeten informiert werden, bevor Sie es löschen.',

  'error.secondFactorRequired': 'Bitte richten Sie zuerst den zweiten Faktor (eine Authenticator-App) ein.',
  'error.users.signInFailed': 'Die E-Mail-Adresse oder das Passwort ist nicht korrekt.',
  'error.users.throttled': 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie einige Minuten und versuchen Sie es dann noch einmal.',
  'error.users.wrongCode':
    'Dieser Code ist nicht gültig. Bitte geben Sie den aktuellen Code Ihrer Authenticator-App oder einen unbenutzten Wiederherstellungscode ein.',
  'error.users.wrongEnrolmentCode': 'Dieser Code ist nicht gültig. Bitte geben Sie den aktuellen Code ein, den Ihre Authenticator-App anzeigt.',
  'error.users.enrolmentNotStarted': 'Bitte beginnen Sie zuerst mit der Einrichtung des zweiten Faktors.',
  'error.users.secondFactorAlreadyOn': 'Der zweite Faktor ist bereits eingeschaltet.',
  'error.users.secondFactorNotOn': 'Der zweite Faktor ist nicht eingeschaltet.',
  'error.users.wrongPassword': 'Das Passwort ist nicht korrekt.',
  'error.users.accountExists': 'Es gibt bereits ein Mitarbeiterkonto mit dieser E-Mail-Adresse.',
  'error.users.noSuchAccount': 'Es gibt kein Mitarbeiterkonto mit dieser E-Mail-Adresse.',

  'error.order.notFound': 'Diese Bestellung existiert nicht.',
  'error.order.actionNotAllowed':
    'Diese Aktion ist im aktuellen Status der Bestellung nicht möglich. Sie wurde vielleicht inzwischen geändert: Laden Sie die Bestellung neu, um zu sehen, was jetzt möglich ist.',
  'error.order.precondition': 'Die Bestellung erfüllt die Bedingungen für diese Aktion nicht.',
  'error.order.cancelPaid': 'Für diese Bestellung wurden Zahlungen erfasst: Stornieren Sie sie mit Rückerstattung.',
  'error.order.refundPending': 'Eine Rückerstattung ist noch offen: Erfassen Sie zuerst deren Auszahlung.',
  'error.order.noRefundPending': 'Für diese Bestellung ist keine Rückerstattung offen.',
  'error.order.amountAboveOpen': 'Der Betrag darf den offenen Betrag von {max} nicht übersteigen.',
  'error.order.refundAbovePaid': 'Die Rückerstattung darf die bezahlten {max} nicht übersteigen.',
  'error.date.future': 'Das Datum darf nicht in der Zukunft liegen.',

  'error.vatNumber.format': 'Das ist keine gültige MWST-Nummer für das Land der Rechnungsadresse. Sie wird so geschrieben: {example}.',
  'error.vatNumber.checkDigit': 'Die Prüfziffer dieser MWST-Nummer stimmt nicht. Bitte prüfen Sie sie auf Tippfehler.',

  'error.cart.notFound': 'Dieser Warenkorb existiert nicht mehr',
  'error.cart.closed': 'Diese Bestellung wurde bereits aufgegeben und kann nicht mehr geändert werden.',
  'error.cart.unknownProduct': 'Dieses Training wird nicht (mehr) angeboten.',
  'error.cart.itemNotFound': 'Diese Position ist nicht im Warenkorb.',
  'error.cart.removedItem': 'Diese Position wurde aus dem Warenkorb entfernt. Stellen Sie sie zuerst wieder her.',
  'error.checkout.incomplete': 'Bitte schliessen Sie zuerst diesen Schritt ab.',
  'error.checkout.noActiveItem': 'Im Warenkorb ist kein Training zum Bestellen.',
  'error.checkout.unknownCountry': 'Bitte wählen Sie ein Land aus der Liste.',

  'error.contactMessage.notFound': 'Diese Nachricht existiert nicht.',

  'error.newsletter.tokenNotFound':
    'Dieser Link ist unbekannt oder abgelaufen. Links zur Bestätigung eines Abonnements gelten 7 Tage: Bitte abonnieren Sie den Newsletter auf unserer Website erneut, um einen neuen Link zu erhalten, oder verwenden Sie den Link in einer neueren E-Mail von uns.',
  'error.people.deletionTokenNotFound':
    'Dieser Link ist unbekannt, abgelaufen oder wurde bereits verwendet. Links zur Bestätigung einer Löschung gelten einmal und 24 Stunden: Bitte verlangen Sie die Löschung in Ihren Newsletter-Einstellungen erneut.',
  'error.people.contactNotFound': 'Diesen Kontakt gibt es nicht.',
  'error.newsletterIssue.notDraft': 'Diese Ausgabe wird gerade versandt oder ist bereits versandt: Sie kann nicht mehr geändert werden.',
} as const satisfies Record<keyof typeof reference, string>;
