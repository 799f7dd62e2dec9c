/** What the server writes for staff accounts and the audit log: the invitation mail, the audit log's CSV header. */
export const staffMails = {
  'staffMail.invitation.subject': 'Your invitation to the CyberSafe Academy back office',
  'staffMail.invitation.hello': 'Hello,',
  'staffMail.invitation.intro': '{invitedBy} invited you to the back office of the CyberSafe Academy shop, with the role {role}.',
  'staffMail.invitation.cta': 'Choose your name and password',
  'staffMail.invitation.validity': 'The link works once and for {days} days. Afterwards, ask for a new invitation.',
  'staffMail.invitation.notYou': 'If you did not expect this invitation, you can ignore this e-mail: without the link, no account is created.',

  'auditCsv.at': 'When (UTC)',
  'auditCsv.actorEmail': 'Who',
  'auditCsv.actorRole': 'Role',
  'auditCsv.clientAddress': 'Client address',
  'auditCsv.action': 'Action',
  'auditCsv.targetKind': 'Target kind',
  'auditCsv.targetId': 'Target',
  'auditCsv.outcome': 'Outcome',
  'auditCsv.summary': 'Summary',
} as const;
