import type { CatalogProduct } from '#shared/catalog.ts';
import type { SiteMessageKey } from '#shared/i18n/site-messages.ts';
import { FreeGuideSection } from '../components/free-guide-section.tsx';
import { NewsletterSection } from '../components/newsletter-section.tsx';
import { Price } from '../components/price.tsx';
import { QuestionnaireSection } from '../components/questionnaire-section.tsx';
import { useSite } from '../site-context.tsx';
import { sitePath } from '#shared/paths.ts';
import { siteLinks } from '../site-paths.ts';

const reasons: { title: SiteMessageKey; text: SiteMessageKey }[] = [
  { title: 'site.home.why.practical.title', text: 'site.home.why.practical.text' },
  { title: 'site.home.why.privacy.title', text: 'site.home.why.privacy.text' },
  { title: 'site.home.why.flexible.title', text: 'site.home.why.flexible.text' },
];

export function HomePage({ products }: { products: CatalogProduct[] }) {
  const { lang, t } = useSite();
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="container">
          <h1 id="home-title">{t('site.home.heading')}</h1>
          <p className="lead">{t('site.home.lead')}</p>
          <p className="actions">
            <a className="button" href={sitePath(lang, 'trainings')}>
              {t('site.home.cta')}
            </a>
            <a className="button button--secondary" href={siteLinks.contact}>
              {t('site.home.ctaContact')}
            </a>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="home-tiers">
        <div className="container">
          <h2 id="home-tiers">{t('site.home.tiers.heading')}</h2>
          <p>{t('site.home.tiers.text')}</p>
          <ul className="cards">
            {products.map((product) => {
              const text = product.translations[lang];
              return (
                <li key={product.code} className="card">
                  <h3>{text.title}</h3>
                  <p>{text.description}</p>
                  <p className="card__price">
                    {t('site.price.from')} <Price amounts={product.prices.MONTHLY} />{' '}
                    <span className="price-unit">{t('site.price.perSeatMonth')}</span>
                  </p>
                  <a className="card__link" href={`${sitePath(lang, 'trainings')}#tier-${product.tier}`}>
                    {t('site.home.tiers.link', { title: text.title })}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <QuestionnaireSection products={products} />

      <section className="section section--alt" aria-labelledby="home-why">
        <div className="container">
          <h2 id="home-why">{t('site.home.why.heading')}</h2>
          <ul className="reasons">
            {reasons.map((reason) => (
              <li key={reason.title}>
                <h3>{t(reason.title)}</h3>
                <p>{t(reason.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <FreeGuideSection />

      <section className="section" aria-labelledby="home-contact">
        <div className="container narrow">
          <h2 id="home-contact">{t('site.home.contact.heading')}</h2>
          <p>{t('site.home.contact.text')}</p>
          <p>
            <a className="button" href={siteLinks.contact}>
              {t('site.home.contact.cta')}
            </a>
          </p>
        </div>
      </section>

      <NewsletterSection />
    </>
  );
}
