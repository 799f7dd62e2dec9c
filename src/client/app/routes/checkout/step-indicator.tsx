import { checkoutSteps } from '#shared/schemas/checkout.ts';
import { useT } from '#client/lib/i18n.tsx';
import { stepNumber, type CheckoutStep } from './checkout-steps.ts';

/**
 * The checkout steps (`checkoutSteps`) as an ordered list under the page's title, which
 * says what they are: the current one carries `aria-current="step"`, the ones before it
 * say that they are done (in text, not only by colour).
 */
export function StepIndicator({ step }: { step: CheckoutStep }) {
  const t = useT();
  const current = stepNumber(step);
  return (
    <ol className="checkout-steps">
        {checkoutSteps.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li key={name} className={`checkout-steps__step checkout-steps__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="checkout-steps__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="checkout-steps__name">{t(`checkout.step.${name}`)}</span>
              {state === 'done' && <span className="form__sr-only"> ({t('checkout.steps.done')})</span>}
            </li>
          );
        })}
    </ol>
  );
}
