import type { staffMails as reference } from '../en-US/staff-mails.ts';

/** Was der Server für Mitarbeiterkonten und das Prüfprotokoll schreibt: die Einladung, die Kopfzeile des CSV-Exports. */
export const staffMails = {
  'staffMail.invitation.subject': 'Ihre Einladung ins Backoffice der CyberSafe Academy',
  'staffMail.invitation.hello': 'Guten Tag',
  'staffMail.invitation.intro': '{invitedBy} hat Sie ins Backoffice des Shops der CyberSafe Academy eingeladen, mit der Rolle {role}.',
  'staffMail.invitation.cta': 'Namen und Passwort wählen',
  'staffMail.invitation.validity': 'Der Link funktioniert einmal und {days} Tage lang. Danach bitten Sie um eine neue Einladung.',
  'staffMail.invitation.notYou': 'Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren: Ohne den Link wird kein Konto erstellt.',

  'auditCsv.at': 'Wann (UTC)',
  'auditCsv.actorEmail': 'Wer',
  'auditCsv.actorRole': 'Rolle',
  'auditCsv.clientAddress': 'Client-Adresse',
  'auditCsv.action': 'Aktion',
  'auditCsv.targetKind': 'Art des Ziels',
  'auditCsv.targetId': 'Ziel',
  'auditCsv.outcome': 'Ergebnis',
  'auditCsv.summary': 'Zusammenfassung',
} as const satisfies Record<keyof typeof reference, string>;
