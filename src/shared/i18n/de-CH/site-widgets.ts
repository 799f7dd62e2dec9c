import type { siteWidgets as reference } from '../en-US/site-widgets.ts';

/** Die Widget-Texte der Marketing-Seiten, die nur das Prerendering braucht. Schweizer Schreibweise: "ss", nie "ß". */
export const siteWidgets = {
  // Rollen-Fragebogen
  'widgets.questionnaire.heading': 'Welches Training passt zu uns?',
  'widgets.questionnaire.intro': 'Vier Fragen, eine Minute: Wir empfehlen die Stufe, die zu Ihrem Team passt.',
  'widgets.questionnaire.progress': 'Frage {step} von {count}',
  'widgets.questionnaire.back': 'Zurück',
  'widgets.questionnaire.next': 'Weiter',
  'widgets.questionnaire.finish': 'Empfehlung anzeigen',
  'widgets.questionnaire.result': 'Unsere Empfehlung: {title}',
  'widgets.questionnaire.restart': 'Neu beginnen',
  'widgets.questionnaire.q1': 'Wen soll das Training zuerst erreichen?',
  'widgets.questionnaire.q1.basic': 'Alle im Unternehmen: Büro, Verkauf, HR und Geschäftsleitung',
  'widgets.questionnaire.q1.foundation': 'Unser IT-Team und unsere Software-Entwickler',
  'widgets.questionnaire.q1.champion': 'Unseren CISO, die Informationssicherheitsbeauftragten oder das Security-Team',
  'widgets.questionnaire.q2': 'Was bereitet Ihnen die grösste Sorge?',
  'widgets.questionnaire.q2.basic': 'Dass jemand auf einen Phishing-Link klickt oder ein Passwort preisgibt',
  'widgets.questionnaire.q2.foundation': 'Verwundbarer Code, ungepatchte Systeme oder eine zu langsame Reaktion auf einen Vorfall',
  'widgets.questionnaire.q2.champion': 'Revision, Kunden und Verwaltungsrat zu zeigen, dass wir unsere Risiken im Griff haben',
  'widgets.questionnaire.q3': 'Wo steht die Sicherheitsschulung in Ihrem Unternehmen heute?',
  'widgets.questionnaire.q3.basic': 'Noch nichts Regelmässiges, oder einmal im Jahr eine Präsentation',
  'widgets.questionnaire.q3.foundation': 'Alle kennen die Grundlagen; unsere Fachleute brauchen vertieftes Wissen',
  'widgets.questionnaire.q3.champion': 'Wir haben ein Awareness-Programm und brauchen Leute, die Sicherheit führen und steuern',
  'widgets.questionnaire.q4': 'Was sollen die Teilnehmenden danach können?',
  'widgets.questionnaire.q4.basic': 'Einen Angriff erkennen und sofort melden',
  'widgets.questionnaire.q4.foundation': 'Systeme sicher bauen und betreiben und einen Vorfall bewältigen',
  'widgets.questionnaire.q4.champion': 'Risiken beurteilen, Bedrohungen modellieren und unsere Sicherheitsstrategie steuern',

  // FAQ
  'widgets.faq.heading': 'Häufige Fragen',
  'widgets.faq.seats.question': 'Wie funktionieren Plätze, und können wir einen Platz weitergeben?',
  'widgets.faq.seats.answer':
    'Ein Platz gilt für eine namentlich bestimmte Person Ihrer Organisation. Verlässt diese Person Ihr Unternehmen, können Sie den Platz einer Kollegin oder einem Kollegen geben; zwei Personen können einen Platz nicht gleichzeitig nutzen. Im Warenkorb wählen Sie die Anzahl Plätze pro Training, von 1 bis 10’000. Für grosse Teams machen wir Ihnen gern ein Angebot.',
  'widgets.faq.frequency.question': 'Was ist der Unterschied zwischen monatlich und einmalig?',
  'widgets.faq.frequency.answer':
    'Einmalig: Sie bezahlen den Platzpreis einmal. Monatlich: Sie bezahlen einen Preis pro Platz und Monat für eine Mindestlaufzeit von 12, 24 oder 36 Monaten, im Warenkorb gewählt (12 Monate, wenn Sie keine andere wählen); die Bestellung wird Monat für Monat im Voraus verrechnet, der erste Monat mit der Bestellung. Nach der Mindestlaufzeit laufen monatliche Trainings weiter, bis Sie sie kündigen.',
  'widgets.faq.invoice.question': 'Wie bezahlen wir, und erhalten wir eine Rechnung?',
  'widgets.faq.invoice.answer':
    'Sie bestellen auf Rechnung; eine Kartenzahlung gibt es nicht. Mit der Bestellbestätigung senden wir Ihnen die Rechnung als PDF per E-Mail, zahlbar innert 30 Tagen per Banküberweisung; Rechnungen in CHF und EUR enthalten zusätzlich einen QR-Zahlteil. Auf der Verfolgungsseite Ihrer Bestellung können Sie die Rechnung erneut herunterladen.',
  'widgets.faq.vat.question': 'Sind die Preise mit oder ohne MWST? Wie ist es mit dem Reverse-Charge-Verfahren in der EU?',
  'widgets.faq.vat.answer':
    'Alle Preise sind Nettopreise. Die MWST richtet sich nach der Rechnungsadresse: 8,1 % Schweizer MWST für die Schweiz und Liechtenstein. Unternehmen in einem EU-Mitgliedstaat erhalten die Rechnung ohne MWST im Reverse-Charge-Verfahren; dafür brauchen wir Ihre MWST-Nummer im Format Ihres Landes (zum Beispiel DE123456789). Anderswo wird keine MWST erhoben (Export von Dienstleistungen). Der Checkout zeigt Nettobetrag, MWST und Total, bevor Sie bestellen.',
  'widgets.faq.cancel.question': 'Können wir stornieren oder kündigen?',
  'widgets.faq.cancel.answer':
    'Verbindlich wird erst die Bestellung, die Sie im Checkout bestätigen; bis dahin können Sie Ihren Warenkorb ändern oder leeren. Monatliche Trainings können mit einer Frist von einem Monat auf das Ende der Mindestlaufzeit oder eines späteren Monats gekündigt werden. Beträge für eine bereits begonnene Laufzeit werden nicht zurückerstattet, ausser wir haben die Kündigung zu vertreten. Einmalige Trainings werden einmal bezahlt und haben keine Laufzeit, die zu kündigen wäre.',
  'widgets.faq.cancel.link': 'Senden Sie uns Ihre Kündigung über das Kontaktformular',
  'widgets.faq.privacy.question': 'Was geschieht mit den Daten unserer Mitarbeitenden?',
  'widgets.faq.privacy.answer':
    'Wir bearbeiten Personendaten nach dem Schweizer Datenschutzgesetz (nDSG) und, wo sie gilt, nach der DSGVO. Unsere Server und unsere Datenbank stehen in Rechenzentren in der Schweiz. Wir verkaufen keine Daten, setzen keine Tracking- oder Werbe-Cookies ein und bewahren Daten nur so lange auf, wie der Zweck oder das Gesetz es verlangt.',
  'widgets.faq.privacy.link': 'Unsere Datenschutzerklärung lesen',
  'widgets.faq.start.question': 'Wie schnell können unsere Leute beginnen?',
  'widgets.faq.start.answer':
    'Wir richten die Plätze innert fünf Arbeitstagen nach Ihrer Bestellung ein und senden die Zugangsdaten an die Kontaktperson, die Sie im Checkout angeben.',

  // Newsletter-Bereich
  'widgets.newsletter.heading': 'Auf dem Laufenden bleiben',
  'widgets.newsletter.text': 'Neuigkeiten zu Cyberbedrohungen, unseren Trainings und Webinaren, etwa einmal im Monat. Sie können sich jederzeit abmelden.',
  'widgets.newsletter.button': 'Newsletter bestellen',

  // Die In-den-Warenkorb-Knöpfe der Start- und der Trainingsseite
  'shop.addToCart': 'In den Warenkorb',
  'shop.addToCart.adding': 'Wird hinzugefügt…',
  'shop.addToCart.added': 'Im Warenkorb',
  'shop.addToCart.failed': 'Konnte nicht in den Warenkorb gelegt werden. Bitte versuchen Sie es noch einmal.',
} satisfies Record<keyof typeof reference, string>;
