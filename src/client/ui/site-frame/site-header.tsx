import type { ReactNode } from 'react';
import type { Language } from '#shared/locales.ts';
import { appPaths, sitePath } from '#shared/paths.ts';
import { currentIf, PlainAppLink, type AppLinkComponent, type FramePage, type FrameTranslate } from './links.tsx';
import { Logo } from './logo.tsx';

export interface SiteHeaderProps {
  language: Language;
  t: FrameTranslate;
  /** The page shown, when the header links to it. */
  current?: FramePage;
  /** The widgets: islands on the marketing pages, live components in the app. */
  languageSwitch: ReactNode;
  currencySelector: ReactNode;
  cartButton: ReactNode;
  AppLink?: AppLinkComponent;
}

/**
 * The site's header, one markup for the marketing pages (prerendered, widgets as islands)
 * and the app (widgets live): logo and name linking home, the main navigation, then the
 * language switch, the currency selector and the cart button. Styles: site-frame.css (in site.css, and imported by the app).
 */
export function SiteHeader({ language, t, current, languageSwitch, currencySelector, cartButton, AppLink = PlainAppLink }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="brand" href={sitePath(language, 'home')} aria-current={currentIf(current, 'home')}>
          <Logo />
          <span>{t('common.siteName')}</span>
        </a>
        <nav className="main-nav" aria-label={t('frame.nav.label')}>
          <ul>
            <li>
              <a href={sitePath(language, 'trainings')} aria-current={currentIf(current, 'trainings')}>
                {t('frame.nav.trainings')}
              </a>
            </li>
            <li>
              <AppLink to={appPaths.webinars()} aria-current={currentIf(current, 'webinars')}>
                {t('frame.nav.webinars')}
              </AppLink>
            </li>
            <li>
              <AppLink to={appPaths.contactUs()} aria-current={currentIf(current, 'contact')}>
                {t('frame.nav.contact')}
              </AppLink>
            </li>
          </ul>
        </nav>
        <div className="site-header__tools">
          <div className="header-language">{languageSwitch}</div>
          <div className="header-currency">{currencySelector}</div>
          <div className="header-cart">{cartButton}</div>
        </div>
      </div>
    </header>
  );
}
