import NewsletterModal from '#client/islands/newsletter-modal.tsx';
import { SiteFooter } from '#client/ui/site-frame/site-footer.tsx';
import { useSite } from '../site-context.tsx';
import { Island } from './island.tsx';

/** The site's footer (src/client/ui/site-frame/) with the newsletter button as an island. */
export function Footer() {
  const { lang, page, t, year } = useSite();
  return (
    <SiteFooter
      language={lang}
      t={t}
      current={page === 'not-found' ? undefined : page}
      year={year}
      newsletter={<Island name="newsletter-modal" component={NewsletterModal} data={{ label: t('forms.newsletter.open'), fragment: 'newsletter' }} />}
    />
  );
}
