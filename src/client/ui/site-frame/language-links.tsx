import type { MouseEvent } from 'react';
import type { Language } from '#shared/locales.ts';

export interface LanguageLink {
  lang: Language;
  href: string;
  name: string;
}

export interface LanguageLinksProps {
  /** The language of the page, marked `aria-current`. */
  lang: Language;
  label?: string;
  links: LanguageLink[];
  /** Called when a link is followed (the marketing pages store the choice; the app switches without a reload). */
  onChoose?: (lang: Language, event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * The header's language switch: a link to the same page in each language, in the app and
 * in the marketing pages' island (src/client/islands/language-switch.tsx). It sits in the
 * widgets' shared chunk (vite.config.ts), so sharing it costs the marketing pages no extra file.
 */
export function LanguageLinks({ lang, label, links, onChoose }: LanguageLinksProps) {
  return (
    <nav className="language-switch" aria-label={label}>
      <ul>
        {links.map((link) => (
          <li key={link.lang}>
            <a
              href={link.href}
              hrefLang={link.lang}
              lang={link.lang}
              aria-current={link.lang === lang ? 'true' : undefined}
              onClick={onChoose ? (event) => onChoose(link.lang, event) : undefined}
            >
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
