import type { DocumentContent } from './documents/document.ts';

/*
 * What each language's file of languages/ holds (content.ts loads one per language of the
 * list in src/shared/locales.ts), and the ids and codes those files write texts for.
 */

/** The demo newsletter topics, in the order the forms show them. */
export const topicIds = ['phishing', 'ransomware', 'secure-coding', 'compliance', 'awareness'] as const;
type TopicId = (typeof topicIds)[number];

/** The demo downloadable content (docs/product/downloadables.md), in the order the pages show it: the free guide and a one-page checklist. */
export const downloadableCodes = ['guide', 'phishing-checklist'] as const;
type DownloadableCode = (typeof downloadableCodes)[number];

/** A demo webinar held in the file's language, at 14:00 Zurich time `startsInDays` after the day of seeding. */
interface DemoWebinar {
  code: string;
  title: string;
  description: string;
  startsInDays: number;
  durationMinutes: number;
  link: string;
}

export interface LanguageContent {
  topicTitles: Record<TopicId, string>;
  /** The webinars held in this language; a language may have none. */
  webinars: DemoWebinar[];
  /** Each item's title, description, and the file name and document of its PDF (whose language is the file's). */
  downloadables: Record<DownloadableCode, { title: string; description: string; fileName: string; document: Omit<DocumentContent, 'language'> }>;
}
