import type { ReactNode } from 'react';
import { company } from '#shared/company.ts';
import type { Language } from '#shared/locales.ts';
import { appPaths, sitePath } from '#shared/paths.ts';
import { CompanyAddress } from './company-address.tsx';
import { currentIf, PlainAppLink, type AppLinkComponent, type FramePage, type FrameTranslate } from './links.tsx';

export interface SiteFooterProps {
  language: Language;
  t: FrameTranslate;
  current?: FramePage;
  /** The copyright year. */
  year: number;
  /** The button that opens the newsletter form: an island on the marketing pages, live in the app. */
  newsletter: ReactNode;
  AppLink?: AppLinkComponent;
}

/** The site's footer, for the marketing pages and the app: the company and its address, the legal and contact links, the newsletter, the copyright. */
export function SiteFooter({ language, t, current, year, newsletter, AppLink = PlainAppLink }: SiteFooterProps) {
  const link = (page: 'trainings' | 'terms' | 'privacy-policy' | 'imprint', text: ReactNode) => (
    <a href={sitePath(language, page)} aria-current={currentIf(current, page)}>
      {text}
    </a>
  );
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__name">{company.name}</p>
          <p>{t('frame.footer.tagline')}</p>
          <CompanyAddress country={t('common.company.country')} />
        </div>
        <nav aria-label={t('frame.footer.nav')}>
          <ul className="site-footer__links">
            <li>{link('trainings', t('frame.footer.trainings'))}</li>
            <li>
              <AppLink to={appPaths.contactUs()} aria-current={currentIf(current, 'contact')}>
                {t('frame.footer.contact')}
              </AppLink>
            </li>
            <li>{link('terms', t('frame.footer.terms'))}</li>
            <li>{link('privacy-policy', t('frame.footer.privacy'))}</li>
            <li>{link('imprint', t('frame.footer.imprint'))}</li>
            <li>{newsletter}</li>
          </ul>
        </nav>
        <p className="site-footer__copyright">{t('frame.footer.copyright', { year, companyName: company.name })}</p>
      </div>
    </footer>
  );
}
