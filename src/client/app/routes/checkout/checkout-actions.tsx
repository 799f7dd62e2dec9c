import { Link } from 'react-router';
import { appPaths } from '#shared/paths.ts';
import { useT } from '#client/lib/i18n.tsx';
import { SubmitButton } from '#client/ui/form/fields.tsx';
import type { CheckoutStep } from './checkout-steps.ts';

/**
 * The buttons under a step: Back (on the first step, the way back to the cart) and Next,
 * or on the confirmation "Place order and pay", disabled until the terms are
 * agreed to and the captcha is solved.
 */
export function CheckoutActions({
  step,
  busy,
  canOrder,
  agreed,
  orderId,
  onBack,
}: {
  step: CheckoutStep;
  busy: boolean;
  canOrder: boolean;
  /** The terms were agreed to on the review: the hint asks only for the captcha. */
  agreed: boolean;
  orderId: string;
  onBack: () => void;
}) {
  const t = useT();
  return (
    <div className="checkout-actions">
      {step !== 'invoiceInfo' ? (
        <button type="button" className="checkout-button checkout-button--secondary" onClick={onBack}>
          {t('checkout.back')}
        </button>
      ) : (
        <Link className="checkout-actions__cart" to={appPaths.shoppingCart(orderId)}>
          {t('checkout.backToCart')}
        </Link>
      )}
      {step === 'confirmation' ? (
        <div className="checkout-actions__order">
          <SubmitButton
            id="checkout-order"
            className="checkout-button checkout-button--order"
            ready={canOrder}
            busy={busy}
            label={t(busy ? 'checkout.confirmation.sending' : 'checkout.confirmation.submit')}
            hint={t(agreed ? 'checkout.confirmation.captchaHint' : 'checkout.confirmation.hint')}
          />
        </div>
      ) : (
        <button type="submit" className="checkout-button">
          {t(busy ? 'checkout.saving' : 'checkout.next')}
        </button>
      )}
    </div>
  );
}
