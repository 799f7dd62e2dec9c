import { siteKeyCalls } from '#shared/contract/captcha.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CaptchaField } from '#client/ui/form/captcha-field.tsx';
import { LegalAgreement, type LegalTextsState } from './legal-agreement.tsx';
import { OrderLines, OrderTotals } from '#client/features/orders/order-summary.tsx';

/**
 * The confirmation step: what is bought (the lines) and what is due (net, VAT, gross, and
 * per month after the first invoice), the captcha of the checkout site key and the "Place order
 * and pay" button, disabled until the captcha is solved. The step is
 * reached only with the terms agreed to (kept in the tab over a reload), so it does not
 * ask for them again; should they be missing, the box is offered here.
 */
export function ConfirmationStep({
  detail,
  onSolved,
  onReset,
  resetSignal,
  captchaError,
  agreed,
  showAgreement,
  onAgreedChange,
  agreeError,
  legal,
  onRetryLegal,
}: {
  detail: OrderDetail;
  onSolved: (solution: string) => void;
  onReset: () => void;
  resetSignal: number;
  captchaError: string | undefined;
  agreed: boolean;
  showAgreement: boolean;
  onAgreedChange: (agreed: boolean) => void;
  agreeError: string | undefined;
  legal: LegalTextsState;
  onRetryLegal: () => void;
}) {
  const { language } = useLanguage();
  const t = useT();
  return (
    <>
      <section className="checkout-payable" aria-labelledby="checkout-payable-title">
        <h3 id="checkout-payable-title">{t('checkout.confirmation.order')}</h3>
        <OrderLines detail={detail} caption={t('checkout.review.lines')} compact />
        <OrderTotals detail={detail} />
      </section>
      {showAgreement && (
        <LegalAgreement legal={legal} onRetry={onRetryLegal} agreed={agreed} onAgreedChange={onAgreedChange} error={agreeError} />
      )}
      <p>{t('checkout.confirmation.binding')}</p>
      <CaptchaField
        id="checkout-captchaSolution"
        siteKeyCall={siteKeyCalls.checkout}
        language={language}
        error={captchaError}
        resetSignal={resetSignal}
        onSolved={onSolved}
        onReset={onReset}
      />
    </>
  );
}
