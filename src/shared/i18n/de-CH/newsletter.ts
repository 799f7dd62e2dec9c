import type { newsletter as reference } from '../en-US/newsletter.ts';

/** Was der Server zum Newsletter und zu den Personen sagt: Antworten, die Mails von Double-Opt-in, Ausgaben und Löschung, der CSV-Export der Kontakte. */
export const newsletter = {
  'newsletter.request.confirmation':
    'Vielen Dank. Wir haben Ihnen eine E-Mail mit einem Link geschickt. Wenn Sie unseren Newsletter neu abonnieren, bestätigen Sie das Abonnement bitte innert 7 Tagen mit diesem Link: Bis dahin erhalten Sie keinen Newsletter.',
  'newsletter.deletion.requested':
    'Wir haben Ihnen eine E-Mail mit einem Link geschickt, mit dem Sie die Löschung Ihrer Daten bestätigen. Der Link gilt 24 Stunden; bis zu Ihrer Bestätigung wird nichts gelöscht.',
  'contacts.deletion.done':
    'Ihre Daten wurden gelöscht. Bestellungen bewahren wir ohne Ihren Namen, Ihre E-Mail-Adresse, Telefonnummer und Adresse auf, wie es das Buchführungsrecht verlangt.',

  'newsletterMail.listName': 'Newsletter der CyberSafe Academy',
  'newsletterMail.confirm.subject': 'Bitte bestätigen Sie Ihr Newsletter-Abonnement',
  'newsletterMail.confirm.intro':
    'Jemand, hoffentlich Sie, möchte den Newsletter der CyberSafe Academy an diese E-Mail-Adresse erhalten. Bitte bestätigen Sie das mit dem Link unten; dort können Sie auch Ihre Themen wählen.',
  'newsletterMail.confirm.cta': 'Abonnement bestätigen',
  'newsletterMail.confirm.expiry': 'Der Link gilt 7 Tage. Bis zu Ihrer Bestätigung senden wir Ihnen keinen Newsletter.',
  'newsletterMail.confirm.notYou':
    'Wenn Sie das nicht verlangt haben, können Sie diese E-Mail ignorieren: Ohne Ihre Bestätigung hören Sie nicht mehr von uns.',
  'newsletterMail.known.subject': 'Ihre Newsletter-Einstellungen',
  'newsletterMail.known.intro':
    'Jemand, hoffentlich Sie, möchte diese E-Mail-Adresse für unseren Newsletter anmelden. Sie ist bereits angemeldet, es hat sich also nichts geändert.',
  'newsletterMail.known.cta': 'Einstellungen ändern oder abmelden',
  'newsletterMail.known.notYou': 'Wenn Sie das nicht verlangt haben, können Sie diese E-Mail ignorieren.',
  'newsletterMail.issue.footer': 'Sie erhalten diesen Newsletter, weil Sie ihn mit {email} abonniert haben.',
  'newsletterMail.issue.preferences': 'Themen ändern oder abmelden',
  'newsletterMail.issue.testPrefix': '[Test]',
  'newsletterMail.issue.previewAddress': 'name@beispiel.ch',
  'newsletterIssues.test.sent': 'Ein Test jeder Sprache wurde an {email} gesendet.',

  'contactMail.deletion.subject': 'Bitte bestätigen Sie die Löschung Ihrer Daten',
  'contactMail.deletion.intro':
    'Sie möchten, dass wir alles löschen, was wir über Sie speichern. Bitte bestätigen Sie das innert 24 Stunden mit dem Link unten.',
  'contactMail.deletion.cta': 'Meine Daten löschen',
  'contactMail.deletion.what':
    'Wir löschen dann Ihre Kontaktangaben, Ihre Einwilligungen, Ihr Newsletter-Abonnement, Ihre Nachrichten und Ihre Webinar-Anmeldungen. Bestellungen bewahren wir für die Buchhaltung auf, ohne Ihren Namen, Ihre E-Mail-Adresse, Telefonnummer und Adresse.',
  'contactMail.deletion.notYou':
    'Wenn Sie das nicht verlangt haben, können Sie diese E-Mail ignorieren: Ohne Ihre Bestätigung wird nichts gelöscht.',

  'contacts.csv.email': 'E-Mail-Adresse',
  'contacts.csv.firstName': 'Vorname',
  'contacts.csv.lastName': 'Nachname',
  'contacts.csv.company': 'Firma',
  'contacts.csv.phone': 'Telefonnummer',
  'contacts.csv.role': 'Funktion',
  'contacts.csv.experienceLevel': 'Erfahrung',
  'contacts.csv.language': 'Sprache',
  'contacts.csv.newsletter': 'Newsletter',
  'contacts.csv.createdAt': 'Bekannt seit',
} as const satisfies Record<keyof typeof reference, string>;
