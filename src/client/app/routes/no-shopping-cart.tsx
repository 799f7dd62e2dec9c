import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { sitePath } from '#shared/paths.ts';

/** `/app/no-shopping-cart`: where the cart button leads while the visitor has no cart. */
export default function NoShoppingCartPage() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <section className="app-message">
      <h1>{t('shop.noCart.title')}</h1>
      <p>{t('shop.noCart.text')}</p>
      <p>
        <a href={sitePath(language, 'trainings')}>{t('shop.cart.browse')}</a>
      </p>
    </section>
  );
}
