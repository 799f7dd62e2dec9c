import { languages, type Language } from './locales.ts';

/*
 * A module of its own, not part of locales.ts: the server and the app use it, the
 * marketing pages' widgets (which share locales.ts with them) do not download it.
 */

/** `de` of `de-CH`: the part of a tag that names the language, whatever its region. */
const primarySubtag = (tag: string) => tag.split('-')[0]!.toLowerCase();

/**
 * The supported language a tag of the header asks for: the one with exactly that tag,
 * else the first of the list in the same language (`de-DE` and `de` give de-CH).
 */
function languageOfTag(tag: string): Language | undefined {
  return languages.find((language) => language.toLowerCase() === tag) ?? languages.find((language) => tag.startsWith(primarySubtag(language)));
}

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
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return undefined;
}
