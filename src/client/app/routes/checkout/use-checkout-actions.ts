import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch, FormEvent } from 'react';
import { checkoutCalls } from '#shared/contract/checkout.ts';
import { isCart } from '#shared/orders.ts';
import { forgetCart } from '#client/features/cart/cart.ts';
import { cartsQueryKey } from '#client/features/cart/use-cart.ts';
import { ApiError } from '#client/lib/api.ts';
import { apiQuery } from '#client/lib/queries.ts';
import type { Problems } from '#client/ui/form/problems.ts';
import type { Form, useCaptcha } from '#client/ui/form/use-form.ts';
import type { CheckoutAction, CheckoutState } from './checkout-reducer.ts';
import { nextStep, stepNumber, type CheckoutStep } from './checkout-steps.ts';
import { checkStep, isBlankAddress, mergeSaved, updateOf, withDefaults, type Draft } from './draft.ts';
import { forgetSessionDraft } from './session-draft.ts';
import { checkoutProblemsFromApi, earliestStep, stepOfField } from './step-fields.ts';
import type { CheckoutData } from './use-checkout-data.ts';

interface CheckoutParts {
  orderId: string;
  /** The step shown; undefined while it is not known. */
  step: CheckoutStep | undefined;
  form: Form<Draft>;
  /** The draft as the form shows it (`withDefaults`). */
  shown: Draft | undefined;
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
  data: CheckoutData;
  captcha: ReturnType<typeof useCaptcha>;
  moveTo: (current: CheckoutStep, next: CheckoutStep, focus?: 'heading' | 'problem') => void;
}

/**
 * What the visitor's actions do: Next saves the step's sections (PUT invoice-info) after
 * checking them with the shared schemas, the order is placed on the confirmation step,
 * and a refusal sends the visitor to the earliest step with a problem.
 */
export function useCheckoutActions({ orderId, step, form, shown, state, dispatch, data, captcha, moveTo }: CheckoutParts) {
  const queryClient = useQueryClient();
  const { save, order, info } = data;
  const busy = save.isPending || order.isPending;

  /** Starts again from what the server says (the order changed in another tab). */
  function startOver(): void {
    form.restart();
    dispatch({ type: 'startedOver' });
    void data.detailQuery.refetch();
    void data.infoQuery.refetch();
  }

  async function reloadDetail() {
    const fresh = await data.detailQuery.refetch();
    return fresh.data;
  }

  /** Shows the problems, on the earliest step that has one. */
  function showProblems(current: CheckoutStep, problems: Problems, fallbackStep: CheckoutStep): void {
    form.showProblems(problems);
    moveTo(current, earliestStep(problems) ?? fallbackStep, 'problem');
  }

  /** The server's answer to a failed call that carries field errors: the server's list is the whole truth now. */
  function showServerProblems(current: CheckoutStep, error: ApiError, fallbackStep: CheckoutStep): void {
    const fields = checkoutProblemsFromApi(error.fieldErrors);
    showProblems(current, fields, fallbackStep);
    // The server refused the captcha solution: the widget starts over.
    if (fields.captchaSolution) captcha.reset();
  }

  async function saveStep(current: CheckoutStep): Promise<void> {
    if (busy || !shown) return;
    const own = checkStep(current, shown, info?.vatNumberRequired ?? false);
    if (current === 'review' && !state.agreed) own.agreeWithLegalTexts = { key: 'error.checkout.agreeRequired' };
    if (Object.keys(own).length > 0) {
      showProblems(current, { ...form.problems, ...own }, current);
      return;
    }
    const next = nextStep(current);
    try {
      const saved = await save.mutateAsync({ ...updateOf(current, shown, data.countries), step: stepNumber(next) });
      dispatch({ type: 'saved', info: saved });
      queryClient.setQueryData(apiQuery(checkoutCalls.invoiceInfo, { params: { orderId } }).queryKey, saved);
      form.update((draft) => mergeSaved(draft, saved, current));
      // What was saved is right now; errors of other steps stay until those are saved.
      form.showProblems((problems) =>
        Object.fromEntries(
          Object.entries(problems).filter(([field]) => {
            const stepOfProblem = stepOfField(field);
            return stepOfProblem !== undefined && stepOfProblem !== current;
          }),
        ),
      );
      // The amounts follow the billing country: the review shows them fresh, the summary soon.
      if (next === 'review') await reloadDetail();
      else if (current === 'address' || current === 'billingAddress') void reloadDetail();
      moveTo(current, next);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        showServerProblems(current, error, current);
      } else if (error instanceof ApiError && error.status === 409) {
        // Ordered meanwhile (another tab): start again from what the server says.
        startOver();
      } else {
        console.error('[checkout] saving the invoice info failed', error);
        dispatch({ type: 'moved', to: current, focus: 'problem' });
      }
    }
  }

  /** The order is placed: the cart cookie (so the count is 0), the cached cart and the draft go, the thank-you step shows the order. */
  function leaveCart(): void {
    forgetCart();
    queryClient.removeQueries({ queryKey: cartsQueryKey });
    forgetSessionDraft(orderId);
    dispatch({ type: 'ordered' });
  }

  async function placeOrder(current: CheckoutStep): Promise<void> {
    if (busy || !state.agreed || !captcha.solution) return;
    try {
      const ordered = await order.mutateAsync(captcha.solution);
      queryClient.setQueryData(apiQuery(checkoutCalls.orderDetail, { params: { orderId } }).queryKey, ordered);
      form.showProblems({});
      leaveCart();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        // The server checks the captcha last, so only an error on it spent the solution.
        showServerProblems(current, error, 'confirmation');
      } else if (error instanceof ApiError && error.status === 409) {
        // Ordered meanwhile, or no ACTIVE line left (removed in another tab): the fresh order tells.
        dispatch({ type: 'orderRefusedEmpty' });
        const fresh = await reloadDetail();
        if (fresh && !isCart(fresh)) {
          leaveCart();
          return;
        }
        captcha.reset();
        dispatch({ type: 'orderRefused', linesLeft: fresh?.items.some((item) => item.status === 'ACTIVE') ?? false, step: current });
      } else {
        console.error('[checkout] placing the order failed', error);
        captcha.reset();
      }
    }
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (step === 'confirmation') void placeOrder(step);
    else if (step) void saveStep(step);
  }

  function changeSameAsAddress(same: boolean): void {
    form.update((draft) => {
      const address = withDefaults(draft, data.visitorCode).address;
      // A billing address not yet given starts empty, in the address's country.
      const invoiceAddress = !same && isBlankAddress(draft.invoiceAddress) ? { ...draft.invoiceAddress, countryCode: address.countryCode } : draft.invoiceAddress;
      return { ...draft, invoiceAddressSameAsAddress: same, invoiceAddress };
    });
    form.clearProblem('invoiceAddressSameAsAddress');
  }

  function changeAgreed(agreed: boolean): void {
    dispatch({ type: 'agreedChanged', agreed });
    form.clearProblem('agreeWithLegalTexts');
  }

  return { busy, submit, startOver, reloadDetail, changeSameAsAddress, changeAgreed };
}
