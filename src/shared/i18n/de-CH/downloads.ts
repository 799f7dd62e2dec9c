import type { downloads as reference } from '../en-US/downloads.ts';

/** Der herunterladbare Inhalt: Seite, Anforderungsformular und Dialog; die Mail steht in `download-mails.ts`, der Abschnitt der Startseite in `site.ts`. */
export const downloads: Record<keyof typeof reference, string> = {
  'downloads.kicker': 'Kostenloser Download',
  'downloads.loading': 'Der Download wird geladen…',
  'downloads.loadFailed': 'Der Download konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
  'downloads.retry': 'Erneut versuchen',
  'downloads.notFound.title': 'Download nicht gefunden',
  'downloads.notFound.home': 'Zur Startseite',
  'downloads.facts.label': 'Zum Dokument',
  'downloads.facts.format': 'Format',
  'downloads.facts.pages': 'Umfang',
  'downloads.facts.language': 'Sprache',
  'downloads.pages.one': '{count} Seite',
  'downloads.pages.other': '{count} Seiten',
  'downloads.language.en-US': 'Englisch',
  'downloads.language.de-CH': 'Deutsch',
  'downloads.link.expired':
    'Dieser Download-Link ist abgelaufen: Links sind 7 Tage gültig. Füllen Sie das Formular unten aus, und wir senden Ihnen einen neuen Link.',
  'downloads.link.invalid':
    'Dieser Download-Link ist ungültig: Er ist vielleicht unvollständig oder wurde verändert. Füllen Sie das Formular unten aus, und wir senden Ihnen einen neuen Link.',
  'downloads.form.title': 'Ihr kostenloses Exemplar',
  'downloads.form.intro': 'Wir senden Ihnen einen Download-Link per E-Mail. Er ist 7 Tage gültig, für alle, die ihn haben.',
  'downloads.form.newsletter': 'Senden Sie mir auch den Newsletter zu Cybersecurity und Ihren Schulungen.',
  'downloads.form.submit': 'Link zusenden',
  'downloads.sent.title': 'Der Link ist unterwegs',
  'downloads.sent.text': 'Vielen Dank. Die E-Mail mit Ihrem Download-Link ist unterwegs.',
  'downloads.sent.inbox':
    'Schauen Sie in Ihren Posteingang: Die E-Mail sollte in wenigen Minuten ankommen. Nichts erhalten? Prüfen Sie den Spam-Ordner, oder senden Sie das Formular nochmals.',
  'downloads.dialog.unavailable': 'Dieses Dokument ist im Moment nicht verfügbar. Bitte versuchen Sie es später erneut.',
};
