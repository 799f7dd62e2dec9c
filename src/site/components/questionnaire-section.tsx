import Questionnaire, { type QuestionnaireQuestion, type QuestionnaireResult } from '#client/islands/questionnaire.tsx';
import type { CatalogProduct, ProductTier } from '#shared/catalog.ts';
import type { SiteMessageKey } from '#shared/i18n/site-messages.ts';
import { currencies, paymentFrequencies } from '#shared/locales.ts';
import { formatMoneyWithCode, toMajor } from '#shared/money.ts';
import { useSite } from '../site-context.tsx';
import { Island } from './island.tsx';

type Answers = Record<ProductTier, SiteMessageKey>;

/** The four questions; every answer is a point for one tier (docs/product/widgets.md). */
const questions: { text: SiteMessageKey; answers: Answers }[] = [
  {
    text: 'widgets.questionnaire.q1',
    answers: { basic: 'widgets.questionnaire.q1.basic', foundation: 'widgets.questionnaire.q1.foundation', champion: 'widgets.questionnaire.q1.champion' },
  },
  {
    text: 'widgets.questionnaire.q2',
    answers: { basic: 'widgets.questionnaire.q2.basic', foundation: 'widgets.questionnaire.q2.foundation', champion: 'widgets.questionnaire.q2.champion' },
  },
  {
    text: 'widgets.questionnaire.q3',
    answers: { basic: 'widgets.questionnaire.q3.basic', foundation: 'widgets.questionnaire.q3.foundation', champion: 'widgets.questionnaire.q3.champion' },
  },
  {
    text: 'widgets.questionnaire.q4',
    answers: { basic: 'widgets.questionnaire.q4.basic', foundation: 'widgets.questionnaire.q4.foundation', champion: 'widgets.questionnaire.q4.champion' },
  },
];

/**
 * "Which training fits us?": the role questionnaire (`questionnaire` island), prerendered
 * with its first question and hydrated, so the section does not shift. The texts, the
 * products and their prices (formatted here, every currency and frequency) go to the
 * widget in data attributes.
 */
export function QuestionnaireSection({ products }: { products: CatalogProduct[] }) {
  const { lang, t } = useSite();
  const shown: QuestionnaireQuestion[] = questions.map((question) => ({
    text: t(question.text),
    answers: (Object.keys(question.answers) as ProductTier[]).map((tier) => ({ tier, text: t(question.answers[tier]) })),
  }));
  const results: Partial<Record<ProductTier, QuestionnaireResult>> = {};
  for (const product of products) {
    const text = product.translations[lang];
    results[product.tier] = {
      code: product.code,
      title: text.title,
      description: text.description,
      prices: Object.fromEntries(
        paymentFrequencies.map((frequency) => [
          frequency,
          Object.fromEntries(currencies.map((currency) => [currency, formatMoneyWithCode(toMajor(product.prices[frequency][currency]), currency)])),
        ]),
      ),
    };
  }
  return (
    <section className="section" id="questionnaire" aria-labelledby="home-questionnaire">
      <div className="container narrow">
        <div className="questionnaire-panel">
          <h2 id="home-questionnaire">{t('widgets.questionnaire.heading')}</h2>
          <p>{t('widgets.questionnaire.intro')}</p>
          <Island
            name="questionnaire"
            component={Questionnaire}
            data={{
              questions: JSON.stringify(shown),
              results: JSON.stringify(results),
              progress: t('widgets.questionnaire.progress'),
              back: t('widgets.questionnaire.back'),
              next: t('widgets.questionnaire.next'),
              finish: t('widgets.questionnaire.finish'),
              result: t('widgets.questionnaire.result'),
              restart: t('widgets.questionnaire.restart'),
              perSeatMonth: t('site.price.perSeatMonth'),
              perSeatOnce: t('site.price.perSeatOnce'),
              addToCart: t('site.trainings.addToCart'),
              adding: t('shop.addToCart.adding'),
              failed: t('shop.addToCart.failed'),
            }}
          />
        </div>
      </div>
    </section>
  );
}
