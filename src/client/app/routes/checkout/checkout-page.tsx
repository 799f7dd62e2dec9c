import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { checkoutSteps, type InvoiceInfo, type OrderDetail } from '#shared/schemas/checkout.ts';
import type { Country } from '#shared/schemas/common.ts';
import { ApiError } from '#client/lib/api.ts';
import { forgetCart } from '#client/lib/cart-api.ts';
import { checkoutApi, checkoutSiteKeyPath, countriesPath, visitorCountryPath } from '#client/lib/checkout-api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { setCartCount } from '#client/islands/cart-store.ts';
import { useFormData } from '#client/ui/form/form-data.ts';
import { appPaths } from '#shared/paths.ts';
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
import { earliestStep, noProblems, problemsFromApi, problemText, stepOfField, type Problem, type Problems } from './problems.ts';
import { StepIndicator } from './step-indicator.tsx';
import { ReviewStep } from './review-step.tsx';
import { ThankYouStep } from './thank-you-step.tsx';
import '../../../ui/form/form-layout.css';
import './link-button.css';
import './checkout.css';

/** An order that is no longer a cart opens at the thank-you step (SPEC §2, §4). */
function isCart(detail: OrderDetail): boolean {
  return detail.status === 'SHOPPING_CART';
}

type Load =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed' }
  | { status: 'ready'; detail: OrderDetail; info: InvoiceInfo | undefined; invoiceLoadFailed: boolean };

/** Loads the order detail and, while it is a cart, the saved invoice info (in parallel). */
async function loadCheckout(orderId: string): Promise<Load> {
  const info = checkoutApi.invoiceInfo(orderId).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  let detail: OrderDetail;
  try {
    detail = await checkoutApi.detail(orderId);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return { status: 'notFound' };
    console.error('[checkout] loading the order failed', error);
    return { status: 'failed' };
  }
  if (!isCart(detail)) return { status: 'ready', detail, info: undefined, invoiceLoadFailed: false };
  const loaded = await info;
  if (!loaded.ok) {
    // SPEC §8: invoice-info failures have their own error state.
    console.error('[checkout] loading the invoice info failed', loaded.error);
    return { status: 'ready', detail, info: undefined, invoiceLoadFailed: true };
  }
  return { status: 'ready', detail, info: loaded.value, invoiceLoadFailed: false };
}

/**
 * `/app/orders/{id}/checkout` (SPEC §2): invoice info, address, billing address, contact
 * details, review, confirmation and thank-you, tracked by a step number. Each Next saves
 * its step with PUT invoice-info (so a reload resumes at the saved step); an error the
 * server reports on an earlier step's field sends the visitor back there.
 */
export default function CheckoutPage() {
  const { orderId = '' } = useParams();
  const { language } = useLanguage();
  const t = useT();

  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [detail, setDetail] = useState<OrderDetail>();
  const [info, setInfo] = useState<InvoiceInfo>();
  const [draft, setDraft] = useState<Draft>();
  const [step, setStep] = useState(0);
  const [problems, setProblems] = useState<Problems>(noProblems);
  /** SPEC §8: the invoice-info calls' own error state ('save': a PUT failed; 'load': the GET). */
  const [invoiceError, setInvoiceError] = useState<'load' | 'save'>();
  /** SPEC §8: a failed order call (detail refresh, checkout). */
  const [orderError, setOrderError] = useState<'detail' | Problem>();
  const [busy, setBusy] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [agreedOnReview, setAgreedOnReview] = useState(false);
  const [solution, setSolution] = useState<string>();
  const [captchaReset, setCaptchaReset] = useState(0);
  const [legalRetries, setLegalRetries] = useState(0);
  const [legal, setLegal] = useState<{ key: string; state: LegalTextsState }>();

  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  /** Set by a handler before a state change; the effect below moves the focus after rendering. */
  const focusRequest = useRef<'heading' | 'problem' | null>(null);

  const countries = useFormData<Country[]>(countriesPath(language));
  const visitorCountry = useFormData<Country>(visitorCountryPath);
  const siteKey = useFormData<{ siteKey: string }>(step === confirmationStep ? checkoutSiteKeyPath : undefined);
  const countryList = countries.status === 'loaded' ? countries.data : [];
  const visitorCode = visitorCountry.status === 'loaded' ? visitorCountry.data.code : undefined;

  useEffect(() => {
    let live = true;
    void loadCheckout(orderId).then((result) => {
      if (!live) return;
      setLoad(result);
      if (result.status !== 'ready') return;
      setDetail(result.detail);
      setInfo(result.info);
      setInvoiceError(result.invoiceLoadFailed ? 'load' : undefined);
      if (result.info) setDraft(draftOf(result.info));
      setStep(isCart(result.detail) ? Math.min(Math.max(result.info?.step ?? 0, 0), lastCartStep) : thankYouStep);
    });
    return () => {
      live = false;
    };
  }, [orderId, reloads]);

  // The legal texts, in the visitor's language, once the review is near.
  const legalKey = `${orderId}|${language}|${legalRetries}`;
  const needsLegal = load.status === 'ready' && step >= reviewStep && step <= confirmationStep;
  useEffect(() => {
    if (!needsLegal) return;
    let live = true;
    checkoutApi.legalTexts(orderId, language).then(
      (texts) => live && setLegal({ key: legalKey, state: { status: 'loaded', texts } }),
      (error: unknown) => {
        console.error('[checkout] loading the legal texts failed', error);
        if (live) setLegal({ key: legalKey, state: { status: 'failed' } });
      },
    );
    return () => {
      live = false;
    };
  }, [needsLegal, orderId, language, legalKey]);
  const legalState: LegalTextsState = legal?.key === legalKey ? legal.state : { status: 'loading' };

  useEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    focusRequest.current = null;
    if (request === 'problem') {
      // The first invalid field, else the refused captcha, else the message at the top.
      const container = stepRef.current;
      const target = ['[aria-invalid="true"]', '.checkout-captcha--invalid input[type="checkbox"]', '.checkout-alert']
        .map((selector) => container?.querySelector<HTMLElement>(selector))
        .find(Boolean);
      if (target) {
        target.focus();
        return;
      }
    }
    headingRef.current?.focus();
  });

  const reloadDetail = useCallback(async (): Promise<OrderDetail | undefined> => {
    try {
      const fresh = await checkoutApi.detail(orderId);
      setDetail(fresh);
      setOrderError(undefined);
      return fresh;
    } catch (error) {
      console.error('[checkout] reloading the order failed', error);
      setOrderError('detail');
      return undefined;
    }
  }, [orderId]);

  if (load.status === 'loading') return <p role="status">{t('checkout.loading')}</p>;
  if (load.status === 'notFound') {
    return (
      <section className="app-message">
        <h1>{t('checkout.notFound.title')}</h1>
        <p role="alert">{t('checkout.notFound.text')}</p>
      </section>
    );
  }
  if (load.status === 'failed' || !detail) {
    return (
      <section className="app-message">
        <h1>{t('checkout.title')}</h1>
        <p role="alert">{t('checkout.loadFailed')}</p>
        <button type="button" onClick={() => setReloads((count) => count + 1)}>
          {t('checkout.retry')}
        </button>
      </section>
    );
  }

  const effective = draft ? withDefaults(draft, visitorCode) : undefined;
  const textOf = (problem: Problem) => problemText(problem, language, t);
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
    if (step === confirmationStep && next !== confirmationStep) setSolution(undefined);
    setStep(next);
  }

  function showProblems(fields: Record<string, Problem>, general: Problem[], fallbackStep: number): void {
    setProblems({ fields, general });
    const target = earliestStep(fields) ?? fallbackStep;
    moveTo(target, 'problem');
  }

  function clearProblem(field: string): void {
    setProblems((current) => {
      if (!current.fields[field]) return current;
      const fields = { ...current.fields };
      delete fields[field];
      return { ...current, fields };
    });
  }

  function change(section: 'company' | 'address' | 'invoiceAddress' | 'contact', field: string, value: string): void {
    setDraft((current) => (current ? { ...current, [section]: { ...current[section], [field]: value } } : current));
    clearProblem(`${section}.${field}`);
  }

  function changeSameAsAddress(same: boolean): void {
    setDraft((current) => {
      if (!current) return current;
      const address = withDefaults(current, visitorCode).address;
      // SPEC §3: a billing address not yet given starts empty, in the address's country.
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
    const fields = problemsFromApi(error.body.errors ?? []);
    // Keep our own errors of other steps out: the server's list is the whole truth now.
    showProblems(fields, [], fallbackStep);
    // SPEC §5: an error on captchaSolution resets the captcha.
    if (fields.captchaSolution) resetCaptcha();
  }

  function resetCaptcha(): void {
    setSolution(undefined);
    setCaptchaReset((count) => count + 1);
  }

  async function saveStep(current: number): Promise<void> {
    if (busy || !effective) return;
    const own = checkStep(current, effective, info?.vatNumberRequired ?? false);
    if (current === reviewStep && !agreed) own.agreeWithLegalTexts = { key: 'error.checkout.agreeRequired' };
    if (Object.keys(own).length > 0) {
      showProblems({ ...problems.fields, ...own }, [], current);
      return;
    }
    setBusy(true);
    setInvoiceError(undefined);
    try {
      const next = current + 1;
      const saved = await checkoutApi.saveInvoiceInfo(orderId, { ...updateOf(current, effective, countryList), step: next });
      setInfo(saved);
      setDraft((value) => (value ? mergeSaved(value, saved, current) : draftOf(saved)));
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
      if (error instanceof ApiError && error.status === 400 && (error.body.errors?.length ?? 0) > 0) {
        showServerProblems(error, current);
      } else if (error instanceof ApiError && error.status === 409) {
        // Ordered meanwhile (another tab): start again from what the server says.
        setReloads((count) => count + 1);
      } else {
        console.error('[checkout] saving the invoice info failed', error);
        setInvoiceError('save');
        focusRequest.current = 'problem';
      }
    } finally {
      setBusy(false);
    }
  }

  async function placeOrder(): Promise<void> {
    if (busy || !agreed || !solution) return;
    setBusy(true);
    setOrderError(undefined);
    try {
      const ordered = await checkoutApi.checkout(orderId, { agreeWithLegalTexts: true, captchaSolution: solution, language });
      // SPEC §4: the cart cookie goes, the order detail stays, the step advances, the count is 0.
      forgetCart();
      setCartCount(0);
      setDetail(ordered);
      setProblems(noProblems);
      moveTo(step + 1);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && (error.body.errors?.length ?? 0) > 0) {
        // The server checks the captcha last, so only an error on it spent the solution.
        showServerProblems(error, confirmationStep);
      } else if (error instanceof ApiError && error.status === 409) {
        const fresh = await reloadDetail();
        if (fresh && !isCart(fresh)) {
          forgetCart();
          setCartCount(0);
          moveTo(thankYouStep);
        } else {
          const message = error.body.error?.messagesByLanguage;
          setOrderError(message ? { messagesByLanguage: message } : { key: 'checkout.confirmation.alreadyOrdered' });
          resetCaptcha();
        }
      } else {
        console.error('[checkout] placing the order failed', error);
        setOrderError({ key: 'checkout.confirmation.failed' });
        resetCaptcha();
      }
    } finally {
      setBusy(false);
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
            detailFailed={orderError === 'detail'}
            onReloadDetail={() => void reloadDetail()}
            countries={countryList}
            legal={legalState}
            onRetryLegal={() => setLegalRetries((count) => count + 1)}
            agreed={agreed}
            onAgreedChange={changeAgreed}
            agreeError={errorOf('agreeWithLegalTexts')}
          />
        );
      case confirmationStep:
        return (
          <ConfirmationStep
            detail={detail!}
            siteKey={siteKey.status === 'loaded' ? siteKey.data.siteKey : undefined}
            siteKeyLoading={siteKey.status === 'loading'}
            onSolved={(value) => {
              setSolution(value);
              clearProblem('captchaSolution');
            }}
            onReset={() => setSolution(undefined)}
            resetSignal={captchaReset}
            captchaError={errorOf('captchaSolution')}
            agreed={agreed}
            showAgreement={!agreedOnReview || !agreed}
            onAgreedChange={changeAgreed}
            agreeError={errorOf('agreeWithLegalTexts')}
            legal={legalState}
            onRetryLegal={() => setLegalRetries((count) => count + 1)}
          />
        );
      default:
        return null;
    }
  }

  const canOrder = agreed && Boolean(solution) && !busy;
  const orderProblem = orderError && orderError !== 'detail' ? orderError : undefined;

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
        ) : invoiceError === 'load' ? (
          <div className="checkout-alert" role="alert" tabIndex={-1}>
            <p>{t('checkout.invoiceLoadFailed')}</p>
            <button type="button" className="checkout-button" onClick={() => setReloads((count) => count + 1)}>
              {t('checkout.retry')}
            </button>
          </div>
        ) : (
          <form className={step < reviewStep ? 'form checkout-form' : 'checkout-form'} noValidate onSubmit={submit} aria-busy={busy}>
            {invoiceError === 'save' && (
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
            <Actions step={step} busy={busy} canOrder={canOrder} orderId={orderId} onBack={() => moveTo(step - 1)} />
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
  const hintId = 'checkout-order-hint';
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
          <button type="submit" className="checkout-button checkout-button--order" disabled={!canOrder} aria-describedby={canOrder ? undefined : hintId}>
            {t(busy ? 'checkout.confirmation.sending' : 'checkout.confirmation.submit')}
          </button>
          {!canOrder && !busy && (
            <p id={hintId} className="form__hint">
              {t('checkout.confirmation.hint')}
            </p>
          )}
        </div>
      ) : (
        <button type="submit" className="checkout-button">
          {t(busy ? 'checkout.saving' : 'checkout.next')}
        </button>
      )}
    </div>
  );
}
