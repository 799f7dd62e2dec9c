import { useEffect, type Dispatch } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CheckoutAction, FocusRequest } from './checkout-reducer.ts';
import { previousStep, type CheckoutStep } from './checkout-steps.ts';
import { cameFrom, searchOfStep, stepOfSearch, type StepHistoryState } from './step-url.ts';

/**
 * The step in the page's address (step-url.ts): the step it names, a move to another
 * step as a new history entry, and the page's Back button, which goes back in the history
 * when the previous step led here.
 */
export function useStepAddress(dispatch: Dispatch<CheckoutAction>) {
  const navigate = useNavigate();
  const location = useLocation();

  /** Shows another step, the focus on its heading or first problem. */
  function moveTo(current: CheckoutStep, next: CheckoutStep, focus: FocusRequest['target'] = 'heading'): void {
    dispatch({ type: 'moved', to: next, focus });
    if (next === current) return;
    const state: StepHistoryState = { checkoutFrom: current };
    void navigate({ search: searchOfStep(next) }, { state });
  }

  function goBack(current: CheckoutStep): void {
    if (cameFrom(location.state) === previousStep(current)) void navigate(-1);
    else moveTo(current, previousStep(current));
  }

  return { urlStep: stepOfSearch(location.search), moveTo, goBack };
}

/**
 * Once the step is known for sure, the address names it, in place of the current entry:
 * the first visit, and a step that fell back, are written in (a reload or Back comes back to it).
 */
export function useAddressNamesStep(settledStep: CheckoutStep | undefined): void {
  const navigate = useNavigate();
  const location = useLocation();
  const urlStep = stepOfSearch(location.search);
  useEffect(() => {
    if (settledStep === undefined || settledStep === urlStep) return;
    void navigate({ search: searchOfStep(settledStep) }, { replace: true, state: location.state as unknown });
  }, [settledStep, urlStep, navigate, location.state]);
}
