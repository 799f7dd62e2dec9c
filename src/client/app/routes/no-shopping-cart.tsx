import { useState } from 'react';
import { Link } from 'react-router';
import { translatePlural } from '#client/lib/translate.ts';
import { appPaths, sitePath } from '#shared/paths.ts';
import { readCartId } from '#client/features/cart/cart.ts';
import { useCart } from '#client/features/cart/use-cart.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import './checkout/link-button.css';

/**
 * `/app/no-shopping-cart`: where the cart button leads while the visitor has no cart. A
 * browser whose cookie names a cart that still exists is offered that cart, with its
 * number of trainings; a cookie of a cart that is gone is forgotten (`useCart`) and the
 * page says there is none.
 */
export default function NoShoppingCartPage() {
  const t = useT();
  const { language } = useLanguage();
  const [cartId] = useState(readCartId);
  // The cart page's own query: opening the cart from here shows it at once.
  const cartQuery = useCart(cartId, language);
  const cart = cartQuery.cart;

  if (cartId && cartQuery.isPending) return <p role="status">{t('shop.cart.loading')}</p>;
  if (cart) {
    return (
      <section className="app-message">
        <h1>{t('shop.noCart.found.title')}</h1>
        <p data-testid="found-cart-count">
          {cart.count === 0 ? t('shop.noCart.found.empty') : translatePlural(language, 'shop.noCart.found', cart.count)}
        </p>
        <p>
          <Link className="link-button" to={appPaths.shoppingCart(cart.id)}>
            {t('shop.cart.goToCart')}
          </Link>
        </p>
      </section>
    );
  }
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
