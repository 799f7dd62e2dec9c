import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { translate, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import { languageFromAcceptLanguage } from '#shared/accept-language.ts';
import { defaultLanguage, isLanguage, type Language } from '#shared/locales.ts';
import { cookies } from '#shared/cookies.ts';
import { readCookie, writeCookie } from './cookies.ts';

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

export function LanguageProvider({ initial, children }: { initial: Language; children: ReactNode }) {
  const [language, setState] = useState(initial);
  const setLanguage = useCallback((next: Language) => {
    writeCookie(cookies.locale, next);
    document.documentElement.lang = next;
    setState(next);
  }, []);
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
