import { Link } from 'react-router';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import { appPaths, sitePath } from '#shared/paths.ts';

/** Step 6: the order number and the way to its tracking page. */
export function ThankYouStep({ detail }: { detail: OrderDetail }) {
  const { language } = useLanguage();
  const t = useT();
  if (!detail.number) {
    // No longer a cart, yet never ordered (abandoned): nothing to thank for.
    return (
      <>
        <p>{t('checkout.closed')}</p>
        <p>
          <a href={sitePath(language, 'trainings')}>{t('shop.cart.browse')}</a>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="checkout-thanks">{t('checkout.thankYou.text')}</p>
      <p className="checkout-number">
        {t('checkout.thankYou.number')} <strong data-testid="order-number">{detail.number}</strong>
      </p>
      <p>{t('checkout.thankYou.tracking')}</p>
      <p>
        <Link className="link-button" to={appPaths.tracking(detail.id)}>
          {t('checkout.thankYou.trackingLink')}
        </Link>
      </p>
    </>
  );
}
