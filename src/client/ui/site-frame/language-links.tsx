import type { MouseEvent } from 'react';
import type { Language } from '#shared/locales.ts';

interface LanguageLink {
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
 * The header's language switch in the app: a link to the same page in each language. The
 * marketing pages have the same markup in their island (src/client/islands/language-switch.tsx),
 * which keeps its own copy: a module shared with the app would be a chunk of its own, more
 * JavaScript for every marketing page (docs/decisions/019-one-site-frame.md).
 * src/site/components/header.test.tsx checks that both render the same markup.
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
