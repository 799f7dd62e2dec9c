import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Catalogue, MessageKey, MessageParams } from '#shared/i18n/catalogue.ts';
import { languageFromAcceptLanguage } from '#shared/accept-language.ts';
import { defaultLanguage, isLanguage, type Language } from '#shared/locales.ts';
import { cookies } from '#shared/cookies.ts';
import { readCookie, writeCookie } from './cookies.ts';
import { hasCatalogue, loadTexts, translate } from './translate.ts';

/** The visitor's language in the app: the `locale` cookie, then the browser's, else en-US. */
export function initialLanguage(): Language {
  const fromCookie = readCookie(cookies.locale);
  if (isLanguage(fromCookie)) return fromCookie;
  return languageFromAcceptLanguage(navigator.languages?.join(',') ?? navigator.language) ?? defaultLanguage;
}

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

const LanguageContext = createContext<LanguageState | undefined>(undefined);

/** How a single-page app gets a language's texts: its own catalogue (src/shared/i18n/load-app-catalogue.ts, load-back-office-catalogue.ts). */
export type LoadCatalogue = (language: Language) => Promise<Catalogue>;

/**
 * The app's language. The texts of `initial` are loaded before the first render
 * (start-spa.tsx); a switch loads the other language's texts first and changes the
 * language once they are there, so no key shows, not even for a moment.
 */
export function LanguageProvider({ initial, loadCatalogue, children }: { initial: Language; loadCatalogue: LoadCatalogue; children: ReactNode }) {
  const [language, setState] = useState(initial);
  const setLanguage = useCallback(
    (next: Language) => {
      const switchTo = () => {
        writeCookie(cookies.locale, next);
        document.documentElement.lang = next;
        setState(next);
      };
      if (hasCatalogue(next)) switchTo();
      else {
        loadTexts(next, loadCatalogue).then(switchTo, (error: unknown) => {
          // The page stays in its language; the switch can be tried again.
          console.error(`[i18n] the ${next} texts could not be loaded`, error);
        });
      }
    },
    [loadCatalogue],
  );
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage needs a LanguageProvider');
  return state;
}

/** `const t = useT(); t('common.loading')` in the current language. */
export function useT(): (key: MessageKey, params?: MessageParams) => string {
  const { language } = useLanguage();
  return useCallback((key: MessageKey, params?: MessageParams) => translate(language, key, params), [language]);
}

/**
 * A language's name in the page's language, as the back office names an edition: "Englisch"
 * in the de-CH desk, "German" in the en-US one (the language switch names each language in
 * its own words instead: `languageNames`). The browser knows the names (Intl.DisplayNames).
 */
export function useLanguageName(): (tag: Language) => string {
  const { language } = useLanguage();
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'language' });
    return (tag: Language) => names.of(tag.split('-')[0] ?? tag) ?? tag;
  }, [language]);
}
