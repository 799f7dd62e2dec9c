import { Link, Outlet } from 'react-router';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { LanguageButtons } from '#client/ui/language-buttons.tsx';
import { appPaths, sitePath } from '#shared/paths.ts';

/** The frame of every app page: header with home link and language switch, footer. */
export function AppLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}

export function AppFrame({ children }: { children: React.ReactNode }) {
  const { language } = useLanguage();
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
        <LanguageButtons />
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="app-footer">
        <a href={sitePath(language, 'privacy-policy')}>{t('app.footer.privacy')}</a>
        <a href={sitePath(language, 'imprint')}>{t('app.footer.imprint')}</a>
        <Link to={appPaths.contactUs()}>{t('app.footer.contact')}</Link>
      </footer>
    </>
  );
}
