import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { checkoutCalls } from '#shared/contract/checkout.ts';
import { geoCalls } from '#shared/contract/geo.ts';
import { isCart } from '#shared/orders.ts';
import { appPaths } from '#shared/paths.ts';
import { checkoutSteps, type InvoiceInfo, type InvoiceInfoUpdate } from '#shared/schemas/checkout.ts';
import { setCartCount } from '#client/features/cart/cart-count.ts';
import { emptyCheckoutState, forgetCart } from '#client/features/cart/cart.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { SubmitButton } from '#client/ui/form/fields.tsx';
import { useFormData } from '#client/ui/form/form-data.ts';
import { problemText, withoutProblem, type Problem, type Problems } from '#client/ui/form/problems.ts';
import { useCaptcha } from '#client/ui/form/use-form.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { ConfirmationStep } from './confirmation-step.tsx';
import {
  checkStep,
  confirmationStep,
  draftOf,
  firstOpenStep,
  isBlankAddress,
  lastCartStep,
  mergeSaved,
  reviewStep,
  stepCount,
  thankYouStep,
  updateOf,
  usableCountry,
  visibleFields,
  withDefaults,
  type Draft,
} from './draft.ts';
import { AddressStep, BillingStep, CompanyStep, ContactStep, type InvoiceStepProps } from './invoice-steps.tsx';
import type { LegalTextsState } from './legal-agreement.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { checkoutProblemsFromApi, earliestStep, stepOfField } from './step-fields.ts';
import { ReviewStep } from './review-step.tsx';
import { forgetSessionDraft, readSessionDraft, writeSessionDraft } from './session-draft.ts';
import { cameFrom, searchOfStep, stepOfSearch, type StepHistoryState } from './step-url.ts';
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
interface FocusRequest {
  target: 'heading' | 'problem';
  /** The step that is to show it: the request waits until that step is rendered. */
  step: number;
  id: number;
}

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
 * `/app/orders/{id}/checkout?step=…`: invoice info, address, billing address, contact
 * details, review, confirmation and thank-you. The step is in the address (step-url.ts),
 * so each one is a history entry; a step that cannot be reached yet shows the first one
 * still open (`firstOpenStep`). Each Next saves its step with PUT invoice-info; an error
 * the server reports on an earlier step's field sends the visitor back there. The order
 * and its invoice info are server state (queries); what the visitor types and the terms
 * box are the page's draft, kept in the tab's sessionStorage over a reload. The order's
 * lines and amounts stand beside every step. A cart without an ACTIVE line has nothing to
 * check out: the visitor is sent to the cart page, which says so.
 */
export default function CheckoutRoute() {
  const { orderId = '' } = useParams();
  // One page per order: a draft or a step never crosses from one order to another.
  return <CheckoutPage key={orderId} orderId={orderId} />;
}

function CheckoutPage({ orderId }: { orderId: string }) {
  const { language } = useLanguage();
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const detailQuery = useQuery(apiQuery(checkoutCalls.orderDetail, { params: { orderId } }));
  const infoQuery = useQuery(apiQuery(checkoutCalls.invoiceInfo, { params: { orderId } }));
  // The answer of the last save, at once: the query's copy of it reaches the page later.
  const [lastSaved, setLastSaved] = useState<InvoiceInfo>();
  const detail = detailQuery.data;
  const info = lastSaved ?? infoQuery.data;
  const stillCart = detail ? isCart(detail) : false;
  const hasLines = detail ? detail.items.some((item) => item.status === 'ACTIVE') : false;

  // What the visitor typed and whether they agreed, as this tab left it; until they type,
  // the draft follows what was saved.
  const [stored] = useState(() => readSessionDraft(orderId));
  const [typed, setTyped] = useState<Draft | undefined>(stored.draft);
  const [agreed, setAgreed] = useState(stored.agreed);
  const [problems, setProblems] = useState<StepProblems>(noProblems);
  // The server refused the order for want of an ACTIVE line: said here rather than by leaving.
  const [refusedEmpty, setRefusedEmpty] = useState(false);
  const captcha = useCaptcha();

  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  // Set by a handler with the state it changes, so both reach the screen in one rendering;
  // the effect below moves the focus then, once per request.
  const [focusRequest, setFocusRequest] = useState<FocusRequest>();
  const focusRequests = useRef(0);
  const handledFocusRequest = useRef(0);
  /** The step of the last rendering, to notice a change (Next, Back, the browser's history). */
  const shownStep = useRef<number | undefined>(undefined);

  const countries = useFormData(geoCalls.countries, { query: { language } });
  const visitorCountry = useFormData(geoCalls.visitorCountry);
  const countryList = countries.status === 'loaded' ? countries.data : [];
  // The default of the address and phone countries; unknown, they stay empty (and required).
  const visitorCode = usableCountry(visitorCountry.status === 'loaded' ? visitorCountry.data.code : undefined, countryList);

  const savedDraft = info ? draftOf(info) : undefined;
  const draft = typed ?? savedDraft;
  const effective = draft ? withDefaults(draft, visitorCode) : undefined;

  // The invoice info matters only while the order is a cart.
  const invoiceLoadFailed = stillCart && !info && infoQuery.error !== null;
  const empty = stillCart && !hasLines && !refusedEmpty;
  const urlStep = stepOfSearch(location.search);
  // The address's step (else the saved one), unless a step before it is still open.
  let step: number | undefined;
  if (detail && !stillCart) step = thankYouStep;
  else if (invoiceLoadFailed) step = Math.min(urlStep ?? 0, lastCartStep);
  else if (detail && info && effective && savedDraft && visitorCountry.status !== 'loading' && !empty) {
    const open = firstOpenStep(effective, withDefaults(savedDraft, visitorCode), info.vatNumberRequired, agreed);
    step = Math.min(urlStep ?? Math.max(info.step, 0), open);
  }
  // Once the step is known for sure, the address names it (a reload or Back comes back to it).
  const settledStep = invoiceLoadFailed ? undefined : step;

  // The legal texts, in the visitor's language, once the review is near.
  const needsLegal = stillCart && step !== undefined && step >= reviewStep && step <= confirmationStep;
  const legalQuery = useQuery({ ...apiQuery(checkoutCalls.legalTexts, { params: { orderId }, query: { language } }), enabled: needsLegal });
  const legalState: LegalTextsState = legalQuery.data
    ? { status: 'loaded', texts: legalQuery.data }
    : legalQuery.error
      ? { status: 'failed' }
      : { status: 'loading' };

  const save = useMutation({ mutationFn: (update: InvoiceInfoUpdate) => callApi(checkoutCalls.saveInvoiceInfo, { params: { orderId }, body: update }) });
  const order = useMutation({
    mutationFn: (captchaSolution: string) =>
      callApi(checkoutCalls.checkout, { params: { orderId }, body: { agreeWithLegalTexts: true, captchaSolution, language } }),
  });
  const busy = save.isPending || order.isPending;
  // A save that failed for another reason than the visitor's input has its own message.
  const saveFailed = save.error !== null && !(save.error instanceof ApiError && (save.error.fieldErrors.length > 0 || save.error.status === 409));

  // The draft and the agreement outlive a reload in this tab; never the captcha solution.
  useEffect(() => {
    if (detail && !stillCart) forgetSessionDraft(orderId);
    else writeSessionDraft(orderId, { draft: typed, agreed });
  }, [orderId, detail, stillCart, typed, agreed]);

  // Nothing to check out: to the cart page, which says why.
  useEffect(() => {
    if (empty) void navigate(appPaths.shoppingCart(orderId), { replace: true, state: emptyCheckoutState });
  }, [empty, navigate, orderId]);

  // The address names the step shown: the first visit, and a step that fell back, are written in.
  useEffect(() => {
    if (settledStep === undefined || settledStep === urlStep) return;
    void navigate({ search: searchOfStep(settledStep) }, { replace: true, state: location.state as unknown });
  }, [settledStep, urlStep, navigate, location.state]);

  useEffect(() => {
    if (step === undefined) return;
    const previous = shownStep.current;
    shownStep.current = step;
    const changed = previous !== undefined && previous !== step;
    // A captcha solution belongs to the confirmation step's widget; leaving the step drops it.
    if (changed && previous === confirmationStep) captcha.clear();
    const pending = focusRequest && focusRequest.id !== handledFocusRequest.current ? focusRequest : undefined;
    // A request for another step waits for it (the address changes after the state).
    const request = pending?.step === step ? pending : undefined;
    if (!request && !changed) return;
    if (pending) handledFocusRequest.current = pending.id;
    if (request?.target === 'problem') {
      // The first invalid field, else the refused captcha, else the message at the top.
      const target = problemSelectors.map((selector) => stepRef.current?.querySelector<HTMLElement>(selector)).find(Boolean);
      if (target) {
        target.focus();
        return;
      }
    }
    // A step change (Next, Back, the browser's history) lands on the new step's heading.
    headingRef.current?.focus();
  });

  function requestFocus(target: FocusRequest['target'], stepToShow: number): void {
    focusRequests.current += 1;
    setFocusRequest({ target, step: stepToShow, id: focusRequests.current });
  }

  /** Starts again from what the server says (the order changed in another tab). */
  function startOver(): void {
    setTyped(undefined);
    setLastSaved(undefined);
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
  if (!detail || step === undefined) return <p role="status">{t('checkout.loading')}</p>;
  const current: number = step;

  const textOf = (problem: Problem) => problemText(problem, language);
  const errorOf = (field: string) => {
    const problem = problems.fields[field];
    return problem ? textOf(problem) : undefined;
  };
  const shown = effective ? visibleFields(current, effective, agreed) : new Set<string>();
  const generalProblems = [
    ...problems.general,
    ...Object.entries(problems.fields)
      .filter(([field]) => (stepOfField(field) ?? current) === current && !shown.has(field))
      .map(([, problem]) => problem),
  ];

  /** Shows another step: a new history entry (`replace` for the thank-you), the focus on its heading or first problem. */
  function moveTo(next: number, focus: FocusRequest['target'] = 'heading'): void {
    requestFocus(focus, next);
    if (next === current) return;
    const state: StepHistoryState = { checkoutFrom: current };
    void navigate({ search: searchOfStep(next) }, { state });
  }

  /** The Back button: back in the history when the previous step led here, else to it as a new entry. */
  function goBack(): void {
    if (cameFrom(location.state) === current - 1) void navigate(-1);
    else moveTo(current - 1);
  }

  function showProblems(fields: Problems, general: Problem[], fallbackStep: number): void {
    setProblems({ fields, general });
    moveTo(earliestStep(fields) ?? fallbackStep, 'problem');
  }

  function clearProblem(field: string): void {
    setProblems((value) => ({ ...value, fields: withoutProblem(value.fields, field) }));
  }

  function updateDraft(update: (value: Draft) => Draft): void {
    setTyped((value) => {
      const base = value ?? savedDraft;
      return base ? update(base) : value;
    });
  }

  function change(section: 'company' | 'address' | 'invoiceAddress' | 'contact', field: string, value: string): void {
    updateDraft((draftNow) => ({ ...draftNow, [section]: { ...draftNow[section], [field]: value } }));
    clearProblem(`${section}.${field}`);
  }

  function changeSameAsAddress(same: boolean): void {
    updateDraft((draftNow) => {
      const address = withDefaults(draftNow, visitorCode).address;
      // A billing address not yet given starts empty, in the address's country.
      const invoiceAddress =
        !same && isBlankAddress(draftNow.invoiceAddress) ? { ...draftNow.invoiceAddress, countryCode: address.countryCode } : draftNow.invoiceAddress;
      return { ...draftNow, invoiceAddressSameAsAddress: same, invoiceAddress };
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

  async function saveStep(stepToSave: number): Promise<void> {
    if (busy || !effective) return;
    const own = checkStep(stepToSave, effective, info?.vatNumberRequired ?? false);
    if (stepToSave === reviewStep && !agreed) own.agreeWithLegalTexts = { key: 'error.checkout.agreeRequired' };
    if (Object.keys(own).length > 0) {
      showProblems({ ...problems.fields, ...own }, [], stepToSave);
      return;
    }
    const next = stepToSave + 1;
    try {
      const saved = await save.mutateAsync({ ...updateOf(stepToSave, effective, countryList), step: next });
      setLastSaved(saved);
      queryClient.setQueryData(apiQuery(checkoutCalls.invoiceInfo, { params: { orderId } }).queryKey, saved);
      updateDraft((value) => mergeSaved(value, saved, stepToSave));
      // What was saved is right now; errors of other steps stay until those are saved.
      setProblems((value) => ({
        fields: Object.fromEntries(Object.entries(value.fields).filter(([field]) => stepOfField(field) !== undefined && stepOfField(field) !== stepToSave)),
        general: [],
      }));
      // The amounts follow the billing country: the review shows them fresh, the summary soon.
      if (next === reviewStep) await reloadDetail();
      else if (stepToSave === 1 || stepToSave === 2) void reloadDetail();
      moveTo(next);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        showServerProblems(error, stepToSave);
      } else if (error instanceof ApiError && error.status === 409) {
        // Ordered meanwhile (another tab): start again from what the server says.
        startOver();
      } else {
        console.error('[checkout] saving the invoice info failed', error);
        requestFocus('problem', stepToSave);
      }
    }
  }

  /** The order is placed: the cart cookie and the draft go, the count is 0, the thank-you step shows the order. */
  function leaveCart(): void {
    forgetCart();
    forgetSessionDraft(orderId);
    setCartCount(0);
    requestFocus('heading', thankYouStep);
  }

  async function placeOrder(): Promise<void> {
    if (busy || !agreed || !captcha.solution) return;
    try {
      const ordered = await order.mutateAsync(captcha.solution);
      queryClient.setQueryData(apiQuery(checkoutCalls.orderDetail, { params: { orderId } }).queryKey, ordered);
      setProblems(noProblems);
      leaveCart();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        // The server checks the captcha last, so only an error on it spent the solution.
        showServerProblems(error, confirmationStep);
      } else if (error instanceof ApiError && error.status === 409) {
        // Ordered meanwhile, or no ACTIVE line left (removed in another tab): the fresh order tells.
        setRefusedEmpty(true);
        const fresh = await reloadDetail();
        if (fresh && !isCart(fresh)) {
          leaveCart();
          return;
        }
        captcha.reset();
        if (fresh && fresh.items.some((item) => item.status === 'ACTIVE')) setRefusedEmpty(false);
        else requestFocus('problem', current);
      } else {
        console.error('[checkout] placing the order failed', error);
        captcha.reset();
      }
    }
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (current === confirmationStep) void placeOrder();
    else void saveStep(current);
  }

  const stepName = checkoutSteps[current] ?? 'invoiceInfo';
  const heading = t('checkout.stepHeading', { number: current + 1, total: stepCount, name: t(`checkout.step.${stepName}`) });
  const stepProps: InvoiceStepProps | undefined = effective && {
    draft: effective,
    change,
    errorOf,
    countries: countryList,
    countriesLoading: countries.status === 'loading',
  };

  function body() {
    if (current === thankYouStep) return <ThankYouStep detail={detail!} />;
    if (!stepProps) return null;
    switch (current) {
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
            showAgreement={!agreed}
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

  // Emptied since the page opened (the server refused the order): said here, with the way to the cart.
  const emptied = stillCart && !hasLines;
  const orderProblem = emptied ? undefined : orderProblemOf(order.error);
  const withSummary = current !== thankYouStep;

  return (
    <div className={withSummary ? 'checkout checkout--with-summary' : 'checkout'}>
      <h1 className="checkout__title">{t('checkout.title')}</h1>
      <StepIndicator step={current} />
      {withSummary && <CheckoutSummary detail={detail} />}
      <div ref={stepRef} className="checkout-step">
        <h2 key={current} ref={headingRef} tabIndex={-1} className="checkout-step__heading">
          {heading}
        </h2>
        {current === thankYouStep ? (
          body()
        ) : invoiceLoadFailed ? (
          <div className="checkout-alert" role="alert" tabIndex={-1}>
            <p>{t('checkout.invoiceLoadFailed')}</p>
            <button type="button" className="checkout-button" onClick={startOver}>
              {t('checkout.retry')}
            </button>
          </div>
        ) : (
          <form className={current < reviewStep ? 'form checkout-form' : 'checkout-form'} noValidate onSubmit={submit} aria-busy={busy}>
            {emptied && (
              <div className="checkout-alert" role="alert" tabIndex={-1}>
                <p>{t('checkout.empty')}</p>
                <p>
                  <Link to={appPaths.shoppingCart(orderId)}>{t('checkout.backToCart')}</Link>
                </p>
              </div>
            )}
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
            {current < reviewStep && <p className="form__note">{t('forms.requiredNote')}</p>}
            {body()}
            <Actions step={current} busy={busy} canOrder={agreed && Boolean(captcha.solution)} orderId={orderId} onBack={goBack} />
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
