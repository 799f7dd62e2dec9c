import { languageNames, languages } from '#shared/locales.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';

/** The language switch of the app and the back office: one pressed button per language. */
export function LanguageButtons() {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  return (
    <nav aria-label={t('common.languageSwitch.label')} className="app-languages">
      {languages.map((option) => (
        <button key={option} type="button" lang={option} aria-pressed={option === language} onClick={() => setLanguage(option)}>
          {languageNames[option]}
        </button>
      ))}
    </nav>
  );
}
