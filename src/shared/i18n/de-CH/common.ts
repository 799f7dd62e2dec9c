import type { common as reference } from '../en-US/common.ts';

export const common = {
  'common.siteName': 'CyberSafe Academy',
  'common.language.en-US': 'English',
  'common.language.de-CH': 'Deutsch',
  'common.languageSwitch.label': 'Sprache',
  'common.currency.label': 'Währung',
  'common.notFound.title': 'Seite nicht gefunden',
  'common.notFound.text': 'Die gesuchte Seite existiert nicht.',
  'common.notFound.home': 'Zur Startseite',
  'common.error.title': 'Etwas ist schiefgelaufen',
  'common.error.text': 'Ein unerwarteter Fehler ist aufgetreten. Bitte laden Sie die Seite neu oder versuchen Sie es später noch einmal.',
  'common.error.reload': 'Seite neu laden',
  'common.loading': 'Wird geladen…',
  'app.skipToContent': 'Zum Inhalt springen',
  'common.company.country': 'Schweiz',
  'common.chunkTimeout': 'Die Seite hat zu lange zum Laden gebraucht. Bitte prüfen Sie Ihre Verbindung und laden Sie neu.',
} satisfies Record<keyof typeof reference, string>;
