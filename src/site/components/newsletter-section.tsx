import NewsletterModal from '#client/islands/newsletter-modal.tsx';
import { useSite } from '../site-context.tsx';
import { Island } from './island.tsx';

/** The subscribe-to-newsletter button in the page (the footer has its link-styled twin). */
export function NewsletterSection() {
  const { t } = useSite();
  return (
    <section className="section section--alt" aria-labelledby="newsletter-heading">
      <div className="container narrow">
        <h2 id="newsletter-heading">{t('widgets.newsletter.heading')}</h2>
        <p>{t('widgets.newsletter.text')}</p>
        <Island name="newsletter-modal" component={NewsletterModal} data={{ label: t('widgets.newsletter.button'), variant: 'button' }} />
      </div>
    </section>
  );
}
