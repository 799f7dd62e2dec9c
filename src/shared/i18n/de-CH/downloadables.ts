import type { downloadables as reference } from '../en-US/downloadables.ts';

/** Der herunterladbare Inhalt: Seite, Anforderungsformular und Dialog; die Mail steht in `download-mails.ts`, der Abschnitt der Startseite in `site.ts`. */
export const downloadables: Record<keyof typeof reference, string> = {
  'downloadables.kicker': 'Kostenloser Download',
  'downloadables.loading': 'Der Download wird geladen…',
  'downloadables.loadFailed': 'Der Download konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
  'downloadables.retry': 'Erneut versuchen',
  'downloadables.notFound.title': 'Download nicht gefunden',
  'downloadables.notFound.home': 'Zur Startseite',
  'downloadables.facts.label': 'Zum Dokument',
  'downloadables.facts.format': 'Format',
  'downloadables.facts.pages': 'Umfang',
  'downloadables.facts.language': 'Sprache',
  'downloadables.pages.one': '{count} Seite',
  'downloadables.pages.other': '{count} Seiten',
  'downloadables.language.en-US': 'Englisch',
  'downloadables.language.de-CH': 'Deutsch',
  'downloadables.link.expired':
    'Dieser Download-Link ist abgelaufen: Links sind 7 Tage gültig. Füllen Sie das Formular unten aus, und wir senden Ihnen einen neuen Link.',
  'downloadables.link.invalid':
    'Dieser Download-Link ist ungültig: Er ist vielleicht unvollständig oder wurde verändert. Füllen Sie das Formular unten aus, und wir senden Ihnen einen neuen Link.',
  'downloadables.form.title': 'Ihr kostenloses Exemplar',
  'downloadables.form.intro': 'Wir senden Ihnen einen Download-Link per E-Mail. Er ist 7 Tage gültig, für alle, die ihn haben.',
  'downloadables.form.newsletter': 'Senden Sie mir auch den Newsletter zu Cybersecurity und Ihren Schulungen.',
  'downloadables.form.submit': 'Link zusenden',
  'downloadables.sent.title': 'Der Link ist unterwegs',
  'downloadables.sent.text': 'Vielen Dank. Die E-Mail mit Ihrem Download-Link ist unterwegs.',
  'downloadables.sent.inbox':
    'Schauen Sie in Ihren Posteingang: Die E-Mail sollte in wenigen Minuten ankommen. Nichts erhalten? Prüfen Sie den Spam-Ordner, oder senden Sie das Formular nochmals.',
  'downloadables.dialog.unavailable': 'Dieses Dokument ist im Moment nicht verfügbar. Bitte versuchen Sie es später erneut.',
};
