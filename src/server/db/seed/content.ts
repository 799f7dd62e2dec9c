import { instantOfLocal } from '#shared/dates.ts';
import type { Language } from '#shared/locales.ts';
import type { DocumentContent } from './documents/document.ts';
import { guideDocuments } from './documents/guide.ts';
import { phishingChecklistDocuments } from './documents/phishing-checklist.ts';

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

/**
 * The demo downloadable content (docs/product/downloadables.md): the free guide and a
 * one-page checklist, each in both languages. Their PDFs and covers are made from the
 * documents of `documents/` when the seed finds them missing.
 */
export const demoDownloadables = [
  {
    code: 'guide',
    position: 1,
    titles: {
      'en-US': 'The cybersecurity education guide',
      'de-CH': 'Der Leitfaden zur Cybersecurity-Ausbildung',
    },
    descriptions: {
      'en-US':
        'Security awareness for businesses: how to spot phishing, sign in safely with passwords and multi-factor authentication, keep devices updated, make backups that work and report incidents quickly – with a checklist for your company.',
      'de-CH':
        'Security Awareness für Unternehmen: Phishing erkennen, sicher anmelden mit Passwörtern und Zwei-Faktor-Anmeldung, Geräte aktuell halten, Backups, die funktionieren, und Vorfälle rasch melden – mit einer Checkliste für Ihr Unternehmen.',
    },
    files: {
      'en-US': { fileName: 'cybersecurity-education-guide.pdf', document: guideDocuments['en-US'] },
      'de-CH': { fileName: 'leitfaden-cybersecurity-ausbildung.pdf', document: guideDocuments['de-CH'] },
    },
  },
  {
    code: 'phishing-checklist',
    position: 2,
    titles: {
      'en-US': 'The phishing checklist',
      'de-CH': 'Die Phishing-Checkliste',
    },
    descriptions: {
      'en-US': 'One page to keep beside the screen: seven questions to ask before you click, and what to do when a message feels wrong.',
      'de-CH': 'Eine Seite für neben den Bildschirm: sieben Fragen vor dem Klick, und was zu tun ist, wenn sich eine Nachricht falsch anfühlt.',
    },
    files: {
      'en-US': { fileName: 'phishing-checklist.pdf', document: phishingChecklistDocuments['en-US'] },
      'de-CH': { fileName: 'phishing-checkliste.pdf', document: phishingChecklistDocuments['de-CH'] },
    },
  },
] satisfies {
  code: string;
  position: number;
  titles: Record<Language, string>;
  descriptions: Record<Language, string>;
  files: Record<Language, { fileName: string; document: DocumentContent }>;
}[];
