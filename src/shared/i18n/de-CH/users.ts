import type { users as reference } from '../en-US/users.ts';

export const users = {
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
  'error.users.commonPassword': 'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
  'error.users.accountExists': 'Es gibt bereits ein Mitarbeiterkonto mit dieser E-Mail-Adresse.',
  'error.users.noSuchAccount': 'Es gibt kein Mitarbeiterkonto mit dieser E-Mail-Adresse.',
} satisfies Record<keyof typeof reference, string>;
