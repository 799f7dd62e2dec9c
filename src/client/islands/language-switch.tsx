import { isLanguage } from '#shared/locales.ts';
import { LanguageLinks, type LanguageLink } from '../ui/site-frame/language-links.tsx';
import { storeLanguage } from './page-state.ts';
import type { IslandProps } from './types.ts';

export type { LanguageLink };

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
  return <LanguageLinks lang={lang} label={label} links={parseLanguageLinks(links)} onChoose={storeLanguage} />;
}
