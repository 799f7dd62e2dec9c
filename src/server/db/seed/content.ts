import { instantOfLocal } from '#shared/dates.ts';

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

/** The day `days` after an ISO date (`2027-02-03`), counted in calendar days. */
function daysAfter(isoDate: string, days: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The demo webinars, two in each language, dated from the day of seeding (`today`, in
 * Zurich) at 14:00 Zurich time, whatever the offset that day: a fresh start always has
 * upcoming webinars to show.
 */
export function demoWebinars(today: string) {
  const at = (days: number) => {
    const startsAt = instantOfLocal({ date: daysAfter(today, days), time: '14:00' });
    if (!startsAt) throw new Error('14:00 exists every day in Zurich');
    return new Date(startsAt);
  };
  return [
    {
      code: 'phishing-defence',
      language: 'en-US',
      title: 'Phishing defence for teams',
      description: 'How today’s phishing campaigns work and the habits that stop them. Live demo and Q&A.',
      startsAt: at(10),
      durationMinutes: 60,
      link: 'https://webinars.cybersafe-academy.example/phishing-defence',
    },
    {
      code: 'ransomware-notfallplan',
      language: 'de-CH',
      title: 'Ransomware: der Notfallplan für KMU',
      description: 'Was in den ersten 24 Stunden nach einem Angriff zu tun ist – mit Checkliste zum Mitnehmen.',
      startsAt: at(17),
      durationMinutes: 60,
      link: 'https://webinars.cybersafe-academy.example/ransomware-notfallplan',
    },
    {
      code: 'secure-coding-basics',
      language: 'en-US',
      title: 'Secure coding basics: the OWASP Top 10 in practice',
      description: 'Developers walk through real vulnerabilities and their fixes.',
      startsAt: at(24),
      durationMinutes: 90,
      link: 'https://webinars.cybersafe-academy.example/secure-coding-basics',
    },
    {
      code: 'awareness-kampagne',
      language: 'de-CH',
      title: 'Security Awareness: Kampagnen, die wirken',
      description: 'Wie Sie Mitarbeitende für Informationssicherheit gewinnen – mit Beispielen aus Schweizer Unternehmen.',
      startsAt: at(45),
      durationMinutes: 45,
      link: 'https://webinars.cybersafe-academy.example/awareness-kampagne',
    },
  ];
}

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
