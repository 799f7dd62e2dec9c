import { instantOfLocal } from '#shared/dates.ts';
import { forEveryLanguage } from '#shared/every-language.ts';
import { languages, type Language } from '#shared/locales.ts';
import type { DocumentContent } from './documents/document.ts';
import { downloadableCodes, topicIds, type LanguageContent } from './language-content.ts';

/*
 * Demo content loaded on first start (newsletter topics, webinars, the free guide).
 * Inserting is idempotent: rows that exist are left as staff edited them.
 */

/**
 * Each language's content, `languages/<tag>.ts` for every language of the list, loaded
 * once when this module is first imported, as src/shared/i18n/messages.ts loads the
 * catalogues: no line here names a language, a new one is a file beside en-US.ts.
 */
const contentByLanguage = Object.fromEntries(
  await Promise.all(languages.map(async (language) => [language, ((await import(`./languages/${language}.ts`)) as { content: LanguageContent }).content] as const)),
) as Record<Language, LanguageContent>;

export const newsletterTopics = topicIds.map((id) => ({ id, titles: forEveryLanguage((language) => contentByLanguage[language].topicTitles[id]) }));

/** The day `days` after an ISO date (`2027-02-03`), counted in calendar days. */
function daysAfter(isoDate: string, days: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The demo webinars of every language, in the order they take place, dated from the day
 * of seeding (`today`, in Zurich) at 14:00 Zurich time, whatever the offset that day: a
 * fresh start always has upcoming webinars to show.
 */
export function demoWebinars(today: string) {
  const at = (days: number) => {
    const startsAt = instantOfLocal({ date: daysAfter(today, days), time: '14:00' });
    if (!startsAt) throw new Error('14:00 exists every day in Zurich');
    return new Date(startsAt);
  };
  return languages
    .flatMap((language) => contentByLanguage[language].webinars.map((webinar) => ({ ...webinar, language })))
    .sort((a, b) => a.startsInDays - b.startsInDays)
    .map(({ code, language, title, description, startsInDays, durationMinutes, link }) => ({ code, language, title, description, startsAt: at(startsInDays), durationMinutes, link }));
}

/**
 * The demo downloadable content (docs/product/downloadables.md), each item in every
 * language. Their PDFs and covers are made from the documents when the seed finds them
 * missing.
 */
export const demoDownloadables: {
  code: string;
  position: number;
  titles: Record<Language, string>;
  descriptions: Record<Language, string>;
  files: Record<Language, { fileName: string; document: DocumentContent }>;
}[] = downloadableCodes.map((code, index) => {
  const of = (language: Language) => contentByLanguage[language].downloadables[code];
  return {
    code,
    position: index + 1,
    titles: forEveryLanguage((language) => of(language).title),
    descriptions: forEveryLanguage((language) => of(language).description),
    files: forEveryLanguage((language) => ({ fileName: of(language).fileName, document: { ...of(language).document, language } })),
  };
});
