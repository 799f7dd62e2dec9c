import { Link } from 'react-router';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import { appPaths, sitePath } from '#shared/paths.ts';
import { OrderLines, OrderTotals } from '#client/features/orders/order-summary.tsx';

/**
 * The thank-you step: the order number, what was bought, what happens next (the confirmation with the
 * invoice by e-mail, the seats set up within five working days), the invoice PDF and the
 * way to the tracking page.
 */
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
  const { contact } = detail.invoiceInfo;
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ');
  return (
    <div className="checkout-thank-you">
      <p className="checkout-thanks">{t('checkout.thankYou.text')}</p>
      <p className="checkout-number">
        {t('checkout.thankYou.number')} <strong data-testid="order-number">{detail.number}</strong>
      </p>
      <OrderLines detail={detail} caption={t('checkout.thankYou.lines')} />
      <OrderTotals detail={detail} />
      <section className="checkout-next" aria-labelledby="checkout-next-title">
        <h3 id="checkout-next-title">{t('checkout.thankYou.next')}</h3>
        <ul>
          <li>{t('checkout.thankYou.invoiceMail', { email: contact.email })}</li>
          <li>{t('checkout.thankYou.setup', { name })}</li>
          <li>{t('checkout.thankYou.tracking')}</li>
        </ul>
      </section>
      <p className="checkout-thank-you__links">
        <Link className="link-button" to={appPaths.tracking(detail.id)}>
          {t('checkout.thankYou.trackingLink')}
        </Link>
      </p>
    </div>
  );
}
