import type { captcha as reference } from '../en-US/captcha.ts';

export const captcha = {
  'captcha.group': 'Anti-Roboter-Prüfung',
  'captcha.checkbox': 'Ich bin kein Roboter',
  'captcha.state.initializing': 'Die Anti-Roboter-Prüfung wird vorbereitet…',
  'captcha.state.ready': 'Kreuzen Sie das Feld an, um die Anti-Roboter-Prüfung zu starten.',
  'captcha.state.fetching': 'Das Anti-Roboter-Rätsel wird geladen…',
  'captcha.state.solving': 'Es wird geprüft, dass Sie kein Roboter sind…',
  'captcha.state.completed': 'Geprüft. Sie sind kein Roboter.',
  'captcha.state.expired': 'Die Anti-Roboter-Prüfung ist abgelaufen',
  'captcha.error.verificationFailed': 'Prüfung fehlgeschlagen',
  'captcha.error.connection': 'Verbindung zu {endpoint} fehlgeschlagen',
  'captcha.error.browserCheck': 'Browserprüfung fehlgeschlagen, versuchen Sie einen anderen Browser',
  'captcha.error.siteKeyMissing': 'Problem der Website: Sitekey nicht gesetzt',
  'captcha.error.worker': 'Fehler im Hintergrundprozess',
  // A technical code the provider sends; shown as is so the site owner can look it up.
  'captcha.error.endpointNotEnabled': 'endpoint_not_enabled',
  'captcha.restart': 'Prüfung neu starten',
  'captcha.retry': 'Erneut versuchen',
} satisfies Record<keyof typeof reference, string>;
