import { company } from '#shared/company.ts';
import { Outlet } from 'react-router';
import { languages } from '#shared/locales.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { sitePath } from '#shared/paths.ts';

/** The frame of every app page: header with home link and language switch, footer. */
export function AppLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}

export function AppFrame({ children }: { children: React.ReactNode }) {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <a className="app-brand" href={sitePath(language, 'home')}>
          {t('common.siteName')}
        </a>
        <nav aria-label={t('common.languageSwitch.label')} className="app-languages">
          {languages.map((option) => (
            <button
              key={option}
              type="button"
              lang={option}
              aria-pressed={option === language}
              onClick={() => setLanguage(option)}
            >
              {t(`common.language.${option}`)}
            </button>
          ))}
        </nav>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="app-footer">
        <a href={sitePath(language, 'privacy-policy')}>{t('app.footer.privacy')}</a>
        <a href={sitePath(language, 'imprint')}>{t('app.footer.imprint')}</a>
        {/* The contact form (/contact-us) is not built yet: until it is, "Contact" writes an e-mail. */}
        <a href={`mailto:${company.email.info}`}>{t('app.footer.contact')}</a>
      </footer>
    </>
  );
}
