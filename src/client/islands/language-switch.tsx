import { isLanguage, type Language } from '#shared/locales.ts';
import { storeLanguage } from './page-state.ts';
import type { IslandProps } from './types.ts';

export interface LanguageLink {
  lang: Language;
  href: string;
  name: string;
}

export type LanguageSwitchProps = IslandProps<{ label: string; links: string }>;

/** `data-links` is a JSON array of `{ lang, href, name }`; anything malformed is dropped. */
export function parseLanguageLinks(json: string | undefined): LanguageLink[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (link): link is LanguageLink =>
        typeof link === 'object' &&
        link !== null &&
        isLanguage((link as LanguageLink).lang) &&
        typeof (link as LanguageLink).href === 'string' &&
        typeof (link as LanguageLink).name === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * `data-island="language-switch"`: plain links to the same page in each language, so it
 * works without JS; once mounted, following a link also stores the `locale` cookie.
 */
export default function LanguageSwitch({ lang, label, links }: LanguageSwitchProps) {
  return (
    <nav className="language-switch" aria-label={label}>
      <ul>
        {parseLanguageLinks(links).map((link) => (
          <li key={link.lang}>
            <a
              href={link.href}
              hrefLang={link.lang}
              lang={link.lang}
              aria-current={link.lang === lang ? 'true' : undefined}
              onClick={() => storeLanguage(link.lang)}
            >
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
