/**
 * Demo content loaded on first start (newsletter topics, webinars, the free guide).
 * Inserting is idempotent: rows that exist are left as staff edited them.
 */
export const newsletterTopics = [
  { id: 'phishing', titles: { 'en-US': 'Phishing and social engineering', 'de-CH': 'Phishing und Social Engineering' } },
  { id: 'ransomware', titles: { 'en-US': 'Ransomware and incident response', 'de-CH': 'Ransomware und Reaktion auf Vorfälle' } },
  { id: 'secure-coding', titles: { 'en-US': 'Secure software development', 'de-CH': 'Sichere Softwareentwicklung' } },
  { id: 'compliance', titles: { 'en-US': 'Compliance: nDSG, GDPR, ISO 27001', 'de-CH': 'Compliance: nDSG, DSGVO, ISO 27001' } },
  { id: 'awareness', titles: { 'en-US': 'Security awareness programmes', 'de-CH': 'Programme für Sicherheitsbewusstsein' } },
];

export const demoWebinars = [
  {
    code: 'phishing-defence-2027',
    language: 'en-US',
    title: 'Phishing defence for teams',
    description: 'How today’s phishing campaigns work and the habits that stop them. Live demo and Q&A.',
    startsAt: '2027-02-10T15:00:00Z',
    durationMinutes: 60,
    link: 'https://webinars.cybersafe-academy.example/phishing-defence-2027',
  },
  {
    code: 'ransomware-notfallplan-2027',
    language: 'de-CH',
    title: 'Ransomware: der Notfallplan für KMU',
    description: 'Was in den ersten 24 Stunden nach einem Angriff zu tun ist – mit Checkliste zum Mitnehmen.',
    startsAt: '2027-03-03T09:00:00Z',
    durationMinutes: 60,
    link: 'https://webinars.cybersafe-academy.example/ransomware-notfallplan-2027',
  },
  {
    code: 'secure-coding-basics-2027',
    language: 'en-US',
    title: 'Secure coding basics: the OWASP Top 10 in practice',
    description: 'Developers walk through real vulnerabilities and their fixes.',
    startsAt: '2027-04-14T14:00:00Z',
    durationMinutes: 60,
    link: 'https://webinars.cybersafe-academy.example/secure-coding-basics-2027',
  },
];

export const freeGuide = {
  code: 'guide',
  fileName: 'cyber-security-education-guide.pdf',
  titles: {
    'en-US': 'The cybersecurity education guide',
    'de-CH': 'Der Leitfaden zur Cybersecurity-Ausbildung',
  },
  descriptions: {
    'en-US': 'Twelve pages on building a security-awareness programme that people actually follow.',
    'de-CH': 'Zwölf Seiten darüber, wie ein Awareness-Programm gelingt, das die Mitarbeitenden wirklich leben.',
  },
};
