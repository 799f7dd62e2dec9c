import { memo, useEffect, useReducer, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { appPaths } from '#shared/paths.ts';
import { emptyCheckoutState } from '#client/features/cart/cart.ts';
import { ApiError } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import type { ServerRenderedPage } from '#client/lib/lazy-route.ts';
import { useCaptcha, useForm } from '#client/ui/form/use-form.ts';
import { checkoutReducer, initialCheckoutState } from './checkout-reducer.ts';
import { isBefore, stepCount, stepNumber } from './checkout-steps.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { CheckoutSummary } from './checkout-summary.tsx';
import { draftOf, emptyDraft, withDefaults, withSuggestions, type Draft } from './draft.ts';
import { isKept, useKeptSessionDraft, useSessionDraft, type SessionDraft } from './session-draft.ts';
import { StepIndicator } from './step-indicator.tsx';
import { stepToShow } from './step-to-show.ts';
import { ThankYouStep } from './thank-you-step.tsx';
import { useCheckoutActions } from './use-checkout-actions.ts';
import { checkoutQueries, checkoutQueriesIfRead, useCheckoutData, useLegalTexts } from './use-checkout-data.ts';
import { useStepFocus } from './use-step-focus.ts';
import { useAddressNamesStep, useStepAddress } from './use-step-address.ts';
import './link-button.css';
import './checkout.css';

/**
 * `/app/orders/{id}/checkout?step=…`: invoice info, address, billing address, contact
 * details, review, confirmation and thank-you. The step is in the address (step-url.ts),
 * so each one is a history entry; a step that cannot be reached yet shows the first one
 * still open (step-to-show.ts). Each Next saves its step with PUT invoice-info; an error
 * the server reports on an earlier step's field sends the visitor back there. The order
 * and its invoice info are server state (use-checkout-data.ts); what the visitor types is
 * the page's form (useForm), kept with the terms box in the tab's sessionStorage over a
 * reload; the rest of the page's state is checkout-reducer.ts. The order's lines and
 * amounts stand beside every step. A cart without an ACTIVE line has nothing to check
 * out: the visitor is sent to the cart page, which says so.
 */
export default function CheckoutRoute() {
  const { orderId = '' } = useParams();
  const stored = useKeptSessionDraft(orderId);
  // One page per order: a draft or a step never crosses from one order to another. A
  // draft the tab kept starts the page again with it (after a hydration without it).
  return <CheckoutPage key={`${orderId}${isKept(stored) ? ' kept' : ''}`} orderId={orderId} stored={stored} />;
}

/**
 * The server renders this page (lazy-route.ts reads this off the module).
 * @public
 */
export const serverRendered: ServerRenderedPage = {
  module: 'app/routes/checkout/checkout-page.tsx',
  queries: ({ orderId = '' }, language) => checkoutQueries(orderId, language),
  queriesIfRead: (_params, language) => checkoutQueriesIfRead(language),
};

// Memoised: the route renders again when the page comes alive (useKeptSessionDraft), which
// alone must not render the whole checkout again.
const CheckoutPage = memo(function CheckoutPage({ orderId, stored }: { orderId: string; stored: SessionDraft }) {
  const { language } = useLanguage();
  const t = useT();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(checkoutReducer, stored.agreed, initialCheckoutState);
  const data = useCheckoutData(orderId, state.lastSaved);
  const { detail, info, stillCart } = data;

  // What the visitor typed, as this tab left it; until they type, the draft follows what was saved.
  const savedDraft = info ? draftOf(info) : undefined;
  const form = useForm<Draft>({
    language,
    // What was saved, with what the buyer gave when saving the cart by e-mail in the fields still empty.
    initial: savedDraft && info ? withSuggestions(savedDraft, info.suggested) : emptyDraft,
    restored: stored.draft,
    idPrefix: 'checkout',
    alsoShown: ['agreeWithLegalTexts', 'captchaSolution'],
  });
  const draft = form.edited ?? (savedDraft && info ? withSuggestions(savedDraft, info.suggested) : undefined);
  const shown = draft && withDefaults(draft, data.visitorCode);
  const captcha = useCaptcha();

  const address = useStepAddress(dispatch);
  const empty = stillCart && !data.hasLines && !state.refusedEmpty;
  const step = stepToShow({
    detail,
    info,
    draft: shown,
    saved: savedDraft && withDefaults(savedDraft, data.visitorCode),
    visitorCountryLoading: data.visitorCountryLoading,
    invoiceLoadFailed: data.invoiceLoadFailed,
    empty,
    agreed: state.agreed,
    urlStep: address.urlStep,
  });
  useAddressNamesStep(data.invoiceLoadFailed ? undefined : step);
  const legal = useLegalTexts(orderId, stillCart && step !== undefined && !isBefore(step, 'review') && step !== 'thankYou');
  const actions = useCheckoutActions({ orderId, step, form, shown, state, dispatch, data, captcha, moveTo: address.moveTo });

  // The draft and the agreement outlive a reload in this tab; never the captcha solution.
  useSessionDraft(orderId, { draft: form.edited, agreed: state.agreed }, Boolean(detail && !stillCart));

  // Nothing to check out: to the cart page, which says why.
  useEffect(() => {
    if (empty) void navigate(appPaths.shoppingCart(orderId), { replace: true, state: emptyCheckoutState });
  }, [empty, navigate, orderId]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  useStepFocus({
    step,
    focus: state.focus,
    container: stepRef,
    heading: headingRef,
    // A captcha solution belongs to the confirmation step's widget; leaving the step drops it.
    onLeave: (left) => {
      if (left === 'confirmation') captcha.clear();
    },
  });

  if (data.detailQuery.error instanceof ApiError && data.detailQuery.error.isGone) {
    return (
      <section className="app-message">
        <h1>{t('checkout.notFound.title')}</h1>
        <p role="alert">{t('checkout.notFound.text')}</p>
      </section>
    );
  }
  if (!detail && data.detailQuery.error) {
    return (
      <section className="app-message">
        <h1>{t('checkout.title')}</h1>
        <p role="alert">{t('checkout.loadFailed')}</p>
        <button type="button" onClick={actions.startOver}>
          {t('checkout.retry')}
        </button>
      </section>
    );
  }
  if (!detail || step === undefined) return <p role="status">{t('checkout.loading')}</p>;

  const heading = t('checkout.stepHeading', { number: stepNumber(step) + 1, total: stepCount, name: t(`checkout.step.${step}`) });
  // The confirmation shows the order itself, above the button (confirmation-step.tsx).
  const withSummary = step !== 'thankYou' && step !== 'confirmation';
  return (
    <div className={withSummary ? 'checkout checkout--with-summary' : 'checkout'}>
      <h1 className="checkout__title">{t('checkout.title')}</h1>
      <StepIndicator step={step} />
      {withSummary && <CheckoutSummary detail={detail} />}
      <div ref={stepRef} className="checkout-step">
        <h2 key={step} ref={headingRef} tabIndex={-1} className="checkout-step__heading">
          {heading}
        </h2>
        {step === 'thankYou' ? (
          <ThankYouStep detail={detail} />
        ) : data.invoiceLoadFailed ? (
          <div className="checkout-alert" role="alert" tabIndex={-1}>
            <p>{t('checkout.invoiceLoadFailed')}</p>
            <button type="button" className="checkout-button" onClick={actions.startOver}>
              {t('checkout.retry')}
            </button>
          </div>
        ) : (
          shown && (
            <CheckoutForm
              orderId={orderId}
              step={step}
              form={form}
              shown={shown}
              agreed={state.agreed}
              data={data}
              legal={legal}
              captcha={captcha}
              actions={actions}
              onBack={() => address.goBack(step)}
              onChangeStep={(to) => address.moveTo(step, to)}
            />
          )
        )}
      </div>
    </div>
  );
});
