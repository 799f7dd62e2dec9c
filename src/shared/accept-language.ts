import type { Language } from './locales.ts';

/*
 * A module of its own, not part of locales.ts: the server and the app use it, the
 * marketing pages' widgets (which share locales.ts with them) do not download it.
 */

/** Picks the supported language that best matches an Accept-Language header. */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('de')) return 'de-CH';
    if (tag.startsWith('en')) return 'en-US';
  }
  return undefined;
}
