import PaymentFrequencySwitch from '#client/islands/payment-frequency-switch.tsx';
import ProductTierSwitch from '#client/islands/product-tier-switch.tsx';
import type { CatalogProduct } from '#shared/catalog.ts';
import type { SiteMessageKey } from '#shared/i18n/site-messages.ts';
import { paymentFrequencies, type PaymentFrequency } from '#shared/locales.ts';
import { Faq } from '../components/faq.tsx';
import { Island } from '../components/island.tsx';
import { Price } from '../components/price.tsx';
import { useSite } from '../site-context.tsx';
import { siteLinks } from '../site-paths.ts';

const frequencyTexts: Record<PaymentFrequency, { label: SiteMessageKey; unit: SiteMessageKey; note: SiteMessageKey }> = {
  MONTHLY: {
    label: 'site.trainings.frequency.monthly',
    unit: 'site.price.perSeatMonth',
    note: 'site.trainings.note.monthly',
  },
  ONE_TIME: {
    label: 'site.trainings.frequency.oneTime',
    unit: 'site.price.perSeatOnce',
    note: 'site.trainings.note.oneTime',
  },
};

function TierPanel({ product }: { product: CatalogProduct }) {
  const { lang, t } = useSite();
  const text = product.translations[lang];
  const titleId = `tier-${product.tier}-title`;
  return (
    <article className="tier" id={`tier-${product.tier}`} data-tier={product.tier} aria-labelledby={titleId}>
      <h2 id={titleId}>{text.title}</h2>
      <p>{text.description}</p>
      {paymentFrequencies.map((frequency) => {
        const texts = frequencyTexts[frequency];
        return (
          <div key={frequency} className="offer" data-frequency={frequency}>
            <p className="offer__label">{t(texts.label)}</p>
            <p className="offer__price">
              <Price amounts={product.prices[frequency]} /> <span className="price-unit">{t(texts.unit)}</span>
            </p>
            <p className="offer__note">{t(texts.note)}</p>
            <Island
              name="add-to-cart"
              className="offer__action"
              data={{
                productCode: product.code,
                paymentFrequency: frequency,
                quantity: '1',
                text: t('site.trainings.addToCart'),
                addingText: t('shop.addToCart.adding'),
                failedText: t('shop.addToCart.failed'),
              }}
            >
              {/* Until the widget is mounted: the button it will become, inert. */}
              <button type="button" className="button button--block" disabled>
                {t('site.trainings.addToCart')}
              </button>
            </Island>
          </div>
        );
      })}
      <h3>{t('site.trainings.features')}</h3>
      <ul className="features">
        {text.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </article>
  );
}

export function TrainingsPage({ products }: { products: CatalogProduct[] }) {
  const { t } = useSite();
  return (
    <>
      <div className="page-intro">
        <div className="container">
          <h1>{t('site.trainings.heading')}</h1>
          <p className="lead">{t('site.trainings.lead')}</p>
        </div>
      </div>
      <div className="section trainings">
        <div className="container">
          <div className="switches">
            <Island
              name="payment-frequency-switch"
              component={PaymentFrequencySwitch}
              data={{
                legend: t('site.trainings.frequency.legend'),
                monthly: t('site.trainings.frequency.monthly'),
                oneTime: t('site.trainings.frequency.oneTime'),
              }}
            />
            <Island
              name="product-tier-switch"
              className="tier-switch"
              component={ProductTierSwitch}
              data={{
                legend: t('site.trainings.tiers.legend'),
                basic: t('site.trainings.tier.basic'),
                foundation: t('site.trainings.tier.foundation'),
                champion: t('site.trainings.tier.champion'),
              }}
            />
          </div>
          <div className="product-table">
            {products.map((product) => (
              <TierPanel key={product.code} product={product} />
            ))}
          </div>
          <p className="note">{t('site.trainings.vatNote')}</p>
        </div>
      </div>
      <Faq />
      <section className="section section--alt" aria-labelledby="trainings-help">
        <div className="container narrow">
          <h2 id="trainings-help">{t('site.trainings.help.heading')}</h2>
          <p>{t('site.trainings.help.text')}</p>
          <p>
            <a className="button" href={siteLinks.contact}>
              {t('site.trainings.help.cta')}
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
