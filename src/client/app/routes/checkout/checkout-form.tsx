import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { appPaths } from '#shared/paths.ts';
import { ApiError } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { problemText, serverFailureOf, type Problem } from '#client/ui/form/problems.ts';
import type { Form, useCaptcha } from '#client/ui/form/use-form.ts';
import { CheckoutActions } from './checkout-actions.tsx';
import { isBefore, type CheckoutStep } from './checkout-steps.ts';
import { ConfirmationStep } from './confirmation-step.tsx';
import { visibleFields, type Draft } from './draft.ts';
import { AddressStep, BillingStep, CompanyStep, ContactStep } from './invoice-steps.tsx';
import type { LegalTextsState } from './legal-agreement.tsx';
import { ReviewStep } from './review-step.tsx';
import { stepOfField } from './step-fields.ts';
import { useStepCountries, type CheckoutData } from './use-checkout-data.ts';
import type { useCheckoutActions } from './use-checkout-actions.ts';

/** A failed order call, as the confirmation step shows it; field errors are shown at their fields. */
function orderProblemOf(error: unknown): Problem | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError && error.fieldErrors.length > 0) return undefined;
  if (error instanceof ApiError && error.status === 409) {
    return error.body.error ? { messagesByLanguage: error.body.error.messagesByLanguage } : { key: 'checkout.confirmation.alreadyOrdered' };
  }
  return serverFailureOf(error) ?? { key: 'checkout.confirmation.failed' };
}

function CheckoutAlert({ children }: { children: ReactNode }) {
  return (
    <div className="checkout-alert" role="alert" tabIndex={-1}>
      {children}
    </div>
  );
}

export interface CheckoutFormProps {
  orderId: string;
  /** A step of the cart: invoiceInfo to confirmation. */
  step: CheckoutStep;
  form: Form<Draft>;
  /** The draft as the form shows it (`withDefaults`). */
  shown: Draft;
  agreed: boolean;
  data: CheckoutData;
  legal: { legal: LegalTextsState; retry: () => void };
  captcha: ReturnType<typeof useCaptcha>;
  actions: ReturnType<typeof useCheckoutActions>;
  onBack: () => void;
  /** A review block's "Change": to the step it was entered in. */
  onChangeStep: (step: CheckoutStep) => void;
}

/**
 * The form of a step of the cart: what went wrong (the cart emptied meanwhile, a save or
 * the order refused, problems no field of the step shows), the step's fields and its
 * buttons.
 */
export function CheckoutForm({ orderId, step, form, shown, agreed, data, legal, captcha, actions, onBack, onChangeStep }: CheckoutFormProps) {
  const t = useT();
  const { language } = useLanguage();
  const { save, order } = data;
  // A save that failed for another reason than the visitor's input has its own message; a
  // failure of the server is said as every form says it.
  const saveFailed = save.error !== null && !(save.error instanceof ApiError && (save.error.fieldErrors.length > 0 || save.error.status === 409));
  const saveProblem: Problem = serverFailureOf(save.error) ?? { key: 'checkout.invoiceSaveFailed' };
  // Emptied since the page opened (the server refused the order): said here, with the way to the cart.
  const emptied = data.stillCart && !data.hasLines;
  const orderProblem = emptied ? undefined : orderProblemOf(order.error);
  // Problems of this step that none of its fields shows.
  const visible = visibleFields(step, shown, agreed);
  const elsewhere = Object.entries(form.problems).filter(([field]) => (stepOfField(field) ?? step) === step && !visible.has(field));

  return (
    <form className={isBefore(step, 'review') ? 'form checkout-form' : 'checkout-form'} noValidate onSubmit={actions.submit} aria-busy={actions.busy}>
      {emptied && (
        <CheckoutAlert>
          <p>{t('checkout.empty')}</p>
          <p>
            <Link to={appPaths.shoppingCart(orderId)}>{t('checkout.backToCart')}</Link>
          </p>
        </CheckoutAlert>
      )}
      {saveFailed && (
        <CheckoutAlert>
          <p>{problemText(saveProblem, language)}</p>
        </CheckoutAlert>
      )}
      {orderProblem && (
        <CheckoutAlert>
          <p>{problemText(orderProblem, language)}</p>
        </CheckoutAlert>
      )}
      {elsewhere.length > 0 && (
        <CheckoutAlert>
          {elsewhere.map(([field, problem]) => (
            <p key={field}>{problemText(problem, language)}</p>
          ))}
        </CheckoutAlert>
      )}
      {isBefore(step, 'review') && <p className="form__note">{t('forms.requiredNote')}</p>}
      <StepFields {...{ step, form, shown, agreed, data, legal, captcha, actions, onChangeStep }} />
      <CheckoutActions step={step} busy={actions.busy} canOrder={agreed && Boolean(captcha.solution)} agreed={agreed} orderId={orderId} onBack={onBack} />
    </form>
  );
}

function StepFields({ step, form, shown, agreed, data, legal, captcha, actions, onChangeStep }: Omit<CheckoutFormProps, 'orderId' | 'onBack'>) {
  // The invoice-info step and the confirmation show no country.
  const { countries, countriesLoading } = useStepCountries(step !== 'invoiceInfo' && step !== 'confirmation' && step !== 'thankYou');
  const stepProps = { form, shown, countries, countriesLoading };
  switch (step) {
    case 'invoiceInfo':
      return <CompanyStep {...stepProps} vatNumberRequired={data.info?.vatNumberRequired ?? false} />;
    case 'address':
      return <AddressStep {...stepProps} />;
    case 'billingAddress':
      return <BillingStep {...stepProps} onSameChange={actions.changeSameAsAddress} />;
    case 'contact':
      return <ContactStep {...stepProps} />;
    case 'review':
      return (
        <ReviewStep
          onChangeStep={onChangeStep}
          draft={shown}
          detailFailed={data.detailQuery.isRefetchError}
          onReloadDetail={() => void actions.reloadDetail()}
          countries={countries}
          legal={legal.legal}
          onRetryLegal={legal.retry}
          agreed={agreed}
          onAgreedChange={actions.changeAgreed}
          agreeError={form.errorOf('agreeWithLegalTexts')}
        />
      );
    case 'confirmation':
      return data.detail ? (
        <ConfirmationStep
          detail={data.detail}
          onSolved={(solution) => {
            captcha.solved(solution);
            form.clearProblem('captchaSolution');
          }}
          onReset={captcha.clear}
          resetSignal={captcha.resetSignal}
          captchaError={form.errorOf('captchaSolution')}
          agreed={agreed}
          showAgreement={!agreed}
          onAgreedChange={actions.changeAgreed}
          agreeError={form.errorOf('agreeWithLegalTexts')}
          legal={legal.legal}
          onRetryLegal={legal.retry}
        />
      ) : null;
    case 'thankYou':
      return null;
  }
}
