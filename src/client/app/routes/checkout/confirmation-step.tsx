import { siteKeyCalls } from '#shared/contract/captcha.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CaptchaField } from '#client/ui/form/captcha-field.tsx';
import { LegalAgreement, type LegalTextsState } from './legal-agreement.tsx';
import { Money } from '#client/features/orders/order-summary.tsx';

/**
 * The confirmation step: the amount payable, the captcha of the checkout site key and the
 * "Order with obligation to pay" button, disabled until the legal texts are agreed to and
 * the captcha is solved. The step is reached only with the terms agreed to (kept in the
 * tab over a reload); should they be missing, the box is offered here.
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
      <dl className="order-totals checkout-payable">
        <div className="order-totals__gross">
          <dt>{t('checkout.confirmation.total')}</dt>
          <dd>
            <Money amount={detail.totals.gross} currency={detail.currency} />
          </dd>
        </div>
      </dl>
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
