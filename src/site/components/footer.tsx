import NewsletterModal from '#client/islands/newsletter-modal.tsx';
import { company, companyCityLine, companyStreetLine } from '#shared/company.ts';
import { useSite } from '../site-context.tsx';
import { Island } from './island.tsx';
import { sitePath } from '#shared/paths.ts';
import { siteLinks } from '../site-paths.ts';

export function Footer() {
  const { lang, page, t, year } = useSite();
  const current = (id: typeof page) => (page === id ? 'page' : undefined);
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__name">{company.name}</p>
          <p>{t('site.footer.tagline')}</p>
          <address>
            {companyStreetLine}
            <br />
            {companyCityLine}
            <br />
            {t('site.company.country')}
          </address>
        </div>
        <nav aria-label={t('site.footer.nav')}>
          <ul className="site-footer__links">
            <li>
              <a href={sitePath(lang, 'trainings')} aria-current={current('trainings')}>
                {t('site.footer.trainings')}
              </a>
            </li>
            <li>
              <a href={siteLinks.contact}>{t('site.footer.contact')}</a>
            </li>
            <li>
              <a href={sitePath(lang, 'terms')} aria-current={current('terms')}>
                {t('site.footer.terms')}
              </a>
            </li>
            <li>
              <a href={sitePath(lang, 'privacy-policy')} aria-current={current('privacy-policy')}>
                {t('site.footer.privacy')}
              </a>
            </li>
            <li>
              <a href={sitePath(lang, 'imprint')} aria-current={current('imprint')}>
                {t('site.footer.imprint')}
              </a>
            </li>
            <li>
              <Island name="newsletter-modal" component={NewsletterModal} data={{ label: t('forms.newsletter.open'), fragment: 'newsletter' }} />
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">{t('site.footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
