import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { endpoints } from '#shared/endpoints.ts';
import { isCart } from '#shared/orders.ts';
import { appPaths } from '#shared/paths.ts';
import { checkoutSteps, type InvoiceInfoUpdate } from '#shared/schemas/checkout.ts';
import { setCartCount } from '#client/features/cart/cart-count.ts';
import { forgetCart } from '#client/features/cart/cart.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { SubmitButton } from '#client/ui/form/fields.tsx';
import { useFormData } from '#client/ui/form/form-data.ts';
import { problemText, withoutProblem, type Problem, type Problems } from '#client/ui/form/problems.ts';
import { useCaptcha } from '#client/ui/form/use-form.ts';
import { ConfirmationStep } from './confirmation-step.tsx';
import {
  checkStep,
  confirmationStep,
  draftOf,
  isBlankAddress,
  lastCartStep,
  mergeSaved,
  reviewStep,
  stepCount,
  thankYouStep,
  updateOf,
  visibleFields,
  withDefaults,
  type Draft,
} from './draft.ts';
import { AddressStep, BillingStep, CompanyStep, ContactStep, type InvoiceStepProps } from './invoice-steps.tsx';
import type { LegalTextsState } from './legal-agreement.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { checkoutProblemsFromApi, earliestStep, stepOfField } from './step-fields.ts';
import { ReviewStep } from './review-step.tsx';
import { ThankYouStep } from './thank-you-step.tsx';
import './link-button.css';
import './checkout.css';

/** Errors by field, and those that no field of the step can show (listed on top). */
interface StepProblems {
  fields: Problems;
  general: Problem[];
}

const noProblems: StepProblems = { fields: {}, general: [] };

/** Where the focus goes after a step change: the new heading, or the first problem. */
const problemSelectors = ['[aria-invalid="true"]', '.form__captcha--invalid input[type="checkbox"]', '.checkout-alert'];

/** A failed order call, as the confirmation step shows it; field errors are shown at their fields. */
function orderProblemOf(error: unknown): Problem | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError && error.fieldErrors.length > 0) return undefined;
  if (error instanceof ApiError && error.status === 409) {
    return error.body.error ? { messagesByLanguage: error.body.error.messagesByLanguage } : { key: 'checkout.confirmation.alreadyOrdered' };
  }
  return { key: 'checkout.confirmation.failed' };
}

/**
 * `/app/orders/{id}/checkout`: invoice info, address, billing address, contact details,
 * review, confirmation and thank-you, tracked by a step number. Each Next saves its step
 * with PUT invoice-info (so a reload resumes at the saved step); an error the server
 * reports on an earlier step's field sends the visitor back there. The order and its
 * invoice info are server state (queries); what the visitor types is the page's draft.
 */
export default function CheckoutPage() {
  const { orderId = '' } = useParams();
  const { language } = useLanguage();
  const t = useT();
  const queryClient = useQueryClient();

  const detailQuery = useQuery(apiQuery(endpoints.orderDetail, { params: { orderId } }));
  const infoQuery = useQuery(apiQuery(endpoints.invoiceInfo, { params: { orderId } }));
  const detail = detailQuery.data;
  const info = infoQuery.data;
  const stillCart = detail ? isCart(detail) : false;

  // What the visitor typed and where they are; until they act, both follow what was saved.
  const [typed, setTyped] = useState<Draft>();
  const [movedTo, setMovedTo] = useState<number>();
  const [problems, setProblems] = useState<StepProblems>(noProblems);
  const [agreed, setAgreed] = useState(false);
  const [agreedOnReview, setAgreedOnReview] = useState(false);
  const captcha = useCaptcha();

  const savedDraft = info ? draftOf(info) : undefined;
  const draft = typed ?? savedDraft;
  const step = detail && !stillCart ? thankYouStep : (movedTo ?? Math.min(Math.max(info?.step ?? 0, 0), lastCartStep));

  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  /** Set by a handler before a state change; the effect below moves the focus after rendering. */
  const focusRequest = useRef<'heading' | 'problem' | null>(null);

  const countries = useFormData(endpoints.countries, { query: { language } });
  const visitorCountry = useFormData(endpoints.visitorCountry);
  const countryList = countries.status === 'loaded' ? countries.data : [];
  const visitorCode = visitorCountry.status === 'loaded' ? visitorCountry.data.code : undefined;

  // The legal texts, in the visitor's language, once the review is near.
  const needsLegal = stillCart && step >= reviewStep && step <= confirmationStep;
  const legalQuery = useQuery({ ...apiQuery(endpoints.legalTexts, { params: { orderId }, query: { language } }), enabled: needsLegal });
  const legalState: LegalTextsState = legalQuery.data
    ? { status: 'loaded', texts: legalQuery.data }
    : legalQuery.error
      ? { status: 'failed' }
      : { status: 'loading' };

  const save = useMutation({ mutationFn: (update: InvoiceInfoUpdate) => callApi(endpoints.saveInvoiceInfo, { params: { orderId }, body: update }) });
  const order = useMutation({
    mutationFn: (captchaSolution: string) =>
      callApi(endpoints.checkout, { params: { orderId }, body: { agreeWithLegalTexts: true, captchaSolution, language } }),
  });
  const busy = save.isPending || order.isPending;
  // A save that failed for another reason than the visitor's input has its own message.
  const saveFailed = save.error !== null && !(save.error instanceof ApiError && (save.error.fieldErrors.length > 0 || save.error.status === 409));

  useEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    focusRequest.current = null;
    if (request === 'problem') {
      // The first invalid field, else the refused captcha, else the message at the top.
      const target = problemSelectors.map((selector) => stepRef.current?.querySelector<HTMLElement>(selector)).find(Boolean);
      if (target) {
        target.focus();
        return;
      }
    }
    headingRef.current?.focus();
  });

  /** Starts again from what the server says (the order changed in another tab). */
  function startOver(): void {
    setTyped(undefined);
    setMovedTo(undefined);
    void detailQuery.refetch();
    void infoQuery.refetch();
  }

  async function reloadDetail() {
    const fresh = await detailQuery.refetch();
    return fresh.data;
  }

  if (detailQuery.error instanceof ApiError && detailQuery.error.isGone) {
    return (
      <section className="app-message">
        <h1>{t('checkout.notFound.title')}</h1>
        <p role="alert">{t('checkout.notFound.text')}</p>
      </section>
    );
  }
  if (!detail && detailQuery.error) {
    return (
      <section className="app-message">
        <h1>{t('checkout.title')}</h1>
        <p role="alert">{t('checkout.loadFailed')}</p>
        <button type="button" onClick={startOver}>
          {t('checkout.retry')}
        </button>
      </section>
    );
  }
  // The invoice info matters only while the order is a cart.
  const invoiceLoadFailed = stillCart && !info && infoQuery.error !== null;
  if (!detail || (stillCart && !info && !invoiceLoadFailed)) return <p role="status">{t('checkout.loading')}</p>;

  const effective = draft ? withDefaults(draft, visitorCode) : undefined;
  const textOf = (problem: Problem) => problemText(problem, language);
  const errorOf = (field: string) => {
    const problem = problems.fields[field];
    return problem ? textOf(problem) : undefined;
  };
  const shown = effective ? visibleFields(step, effective, agreed) : new Set<string>();
  const generalProblems = [
    ...problems.general,
    ...Object.entries(problems.fields)
      .filter(([field]) => (stepOfField(field) ?? step) === step && !shown.has(field))
      .map(([, problem]) => problem),
  ];

  function moveTo(next: number, focus: 'heading' | 'problem' = 'heading'): void {
    focusRequest.current = focus;
    // A captcha solution belongs to the confirmation step's widget; leaving the step drops it.
    if (step === confirmationStep && next !== confirmationStep) captcha.clear();
    setMovedTo(next);
  }

  function showProblems(fields: Problems, general: Problem[], fallbackStep: number): void {
    setProblems({ fields, general });
    moveTo(earliestStep(fields) ?? fallbackStep, 'problem');
  }

  function clearProblem(field: string): void {
    setProblems((current) => ({ ...current, fields: withoutProblem(current.fields, field) }));
  }

  function updateDraft(update: (current: Draft) => Draft): void {
    setTyped((current) => {
      const base = current ?? savedDraft;
      return base ? update(base) : current;
    });
  }

  function change(section: 'company' | 'address' | 'invoiceAddress' | 'contact', field: string, value: string): void {
    updateDraft((current) => ({ ...current, [section]: { ...current[section], [field]: value } }));
    clearProblem(`${section}.${field}`);
  }

  function changeSameAsAddress(same: boolean): void {
    updateDraft((current) => {
      const address = withDefaults(current, visitorCode).address;
      // A billing address not yet given starts empty, in the address's country.
      const invoiceAddress =
        !same && isBlankAddress(current.invoiceAddress) ? { ...current.invoiceAddress, countryCode: address.countryCode } : current.invoiceAddress;
      return { ...current, invoiceAddressSameAsAddress: same, invoiceAddress };
    });
    clearProblem('invoiceAddressSameAsAddress');
  }

  function changeAgreed(value: boolean): void {
    setAgreed(value);
    clearProblem('agreeWithLegalTexts');
  }

  /** The server's answer to a failed call that carries field errors. */
  function showServerProblems(error: ApiError, fallbackStep: number): void {
    const fields = checkoutProblemsFromApi(error.fieldErrors);
    // Keep our own errors of other steps out: the server's list is the whole truth now.
    showProblems(fields, [], fallbackStep);
    // The server refused the captcha solution: the widget starts over.
    if (fields.captchaSolution) captcha.reset();
  }

  async function saveStep(current: number): Promise<void> {
    if (busy || !effective) return;
    const own = checkStep(current, effective, info?.vatNumberRequired ?? false);
    if (current === reviewStep && !agreed) own.agreeWithLegalTexts = { key: 'error.checkout.agreeRequired' };
    if (Object.keys(own).length > 0) {
      showProblems({ ...problems.fields, ...own }, [], current);
      return;
    }
    const next = current + 1;
    try {
      const saved = await save.mutateAsync({ ...updateOf(current, effective, countryList), step: next });
      queryClient.setQueryData(apiQuery(endpoints.invoiceInfo, { params: { orderId } }).queryKey, saved);
      updateDraft((value) => mergeSaved(value, saved, current));
      // What was saved is right now; errors of other steps stay until those are saved.
      setProblems((value) => ({
        fields: Object.fromEntries(Object.entries(value.fields).filter(([field]) => stepOfField(field) !== undefined && stepOfField(field) !== current)),
        general: [],
      }));
      if (current === reviewStep) setAgreedOnReview(true);
      // The amounts follow the billing country: the review shows them fresh.
      if (next === reviewStep) await reloadDetail();
      moveTo(next);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        showServerProblems(error, current);
      } else if (error instanceof ApiError && error.status === 409) {
        // Ordered meanwhile (another tab): start again from what the server says.
        startOver();
      } else {
        console.error('[checkout] saving the invoice info failed', error);
        focusRequest.current = 'problem';
      }
    }
  }

  /** The order is placed: the cart cookie goes, the count is 0, the thank-you step shows the order. */
  function leaveCart(): void {
    forgetCart();
    setCartCount(0);
    moveTo(thankYouStep);
  }

  async function placeOrder(): Promise<void> {
    if (busy || !agreed || !captcha.solution) return;
    try {
      const ordered = await order.mutateAsync(captcha.solution);
      queryClient.setQueryData(apiQuery(endpoints.orderDetail, { params: { orderId } }).queryKey, ordered);
      setProblems(noProblems);
      leaveCart();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        // The server checks the captcha last, so only an error on it spent the solution.
        showServerProblems(error, confirmationStep);
      } else if (error instanceof ApiError && error.status === 409) {
        const fresh = await reloadDetail();
        if (fresh && !isCart(fresh)) leaveCart();
        else captcha.reset();
      } else {
        console.error('[checkout] placing the order failed', error);
        captcha.reset();
      }
    }
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (step === confirmationStep) void placeOrder();
    else void saveStep(step);
  }

  const stepName = checkoutSteps[step] ?? 'invoiceInfo';
  const heading = t('checkout.stepHeading', { number: step + 1, total: stepCount, name: t(`checkout.step.${stepName}`) });
  const stepProps: InvoiceStepProps | undefined = effective && {
    draft: effective,
    change,
    errorOf,
    countries: countryList,
    countriesLoading: countries.status === 'loading',
  };

  function body() {
    if (step === thankYouStep) return <ThankYouStep detail={detail!} />;
    if (!stepProps) return null;
    switch (step) {
      case 0:
        return <CompanyStep {...stepProps} vatNumberRequired={info?.vatNumberRequired ?? false} />;
      case 1:
        return <AddressStep {...stepProps} />;
      case 2:
        return <BillingStep {...stepProps} onSameChange={changeSameAsAddress} />;
      case 3:
        return <ContactStep {...stepProps} />;
      case reviewStep:
        return (
          <ReviewStep
            draft={stepProps.draft}
            detail={detail!}
            detailFailed={detailQuery.isRefetchError}
            onReloadDetail={() => void reloadDetail()}
            countries={countryList}
            legal={legalState}
            onRetryLegal={() => void legalQuery.refetch()}
            agreed={agreed}
            onAgreedChange={changeAgreed}
            agreeError={errorOf('agreeWithLegalTexts')}
          />
        );
      case confirmationStep:
        return (
          <ConfirmationStep
            detail={detail!}
            onSolved={(value) => {
              captcha.solved(value);
              clearProblem('captchaSolution');
            }}
            onReset={captcha.clear}
            resetSignal={captcha.resetSignal}
            captchaError={errorOf('captchaSolution')}
            agreed={agreed}
            showAgreement={!agreedOnReview || !agreed}
            onAgreedChange={changeAgreed}
            agreeError={errorOf('agreeWithLegalTexts')}
            legal={legalState}
            onRetryLegal={() => void legalQuery.refetch()}
          />
        );
      default:
        return null;
    }
  }

  const orderProblem = orderProblemOf(order.error);

  return (
    <div className="checkout">
      <h1>{t('checkout.title')}</h1>
      <StepIndicator step={step} />
      <div ref={stepRef} className="checkout-step">
        <h2 ref={headingRef} tabIndex={-1} className="checkout-step__heading">
          {heading}
        </h2>
        {step === thankYouStep ? (
          body()
        ) : invoiceLoadFailed ? (
          <div className="checkout-alert" role="alert" tabIndex={-1}>
            <p>{t('checkout.invoiceLoadFailed')}</p>
            <button type="button" className="checkout-button" onClick={startOver}>
              {t('checkout.retry')}
            </button>
          </div>
        ) : (
          <form className={step < reviewStep ? 'form checkout-form' : 'checkout-form'} noValidate onSubmit={submit} aria-busy={busy}>
            {saveFailed && (
              <div className="checkout-alert" role="alert" tabIndex={-1}>
                <p>{t('checkout.invoiceSaveFailed')}</p>
              </div>
            )}
            {orderProblem && (
              <div className="checkout-alert" role="alert" tabIndex={-1}>
                <p>{textOf(orderProblem)}</p>
              </div>
            )}
            {generalProblems.length > 0 && (
              <div className="checkout-alert" role="alert" tabIndex={-1}>
                {generalProblems.map((problem, index) => (
                  <p key={index}>{textOf(problem)}</p>
                ))}
              </div>
            )}
            {step < reviewStep && <p className="form__note">{t('forms.requiredNote')}</p>}
            {body()}
            <Actions step={step} busy={busy} canOrder={agreed && Boolean(captcha.solution)} orderId={orderId} onBack={() => moveTo(step - 1)} />
          </form>
        )}
      </div>
    </div>
  );
}

function Actions({
  step,
  busy,
  canOrder,
  orderId,
  onBack,
}: {
  step: number;
  busy: boolean;
  canOrder: boolean;
  orderId: string;
  onBack: () => void;
}) {
  const t = useT();
  return (
    <div className="checkout-actions">
      {step > 0 ? (
        <button type="button" className="checkout-button checkout-button--secondary" onClick={onBack}>
          {t('checkout.back')}
        </button>
      ) : (
        <Link className="checkout-actions__cart" to={appPaths.shoppingCart(orderId)}>
          {t('checkout.backToCart')}
        </Link>
      )}
      {step === confirmationStep ? (
        <div className="checkout-actions__order">
          <SubmitButton
            id="checkout-order"
            className="checkout-button checkout-button--order"
            ready={canOrder}
            busy={busy}
            label={t(busy ? 'checkout.confirmation.sending' : 'checkout.confirmation.submit')}
            hint={t('checkout.confirmation.hint')}
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
