import { checkoutSteps } from '#shared/schemas/checkout.ts';
import type { CheckoutStep } from './checkout-steps.ts';

/**
 * The checkout step in the page's address: `/app/orders/{id}/checkout?step=contact`.
 * Every step change is a history entry, so the browser's Back and Forward move between
 * the steps and a reload stays on the step. The names are those of `checkoutSteps` in
 * kebab case: invoice-info, address, billing-address, contact, review, confirmation,
 * thank-you. This module is the only place that reads or writes them.
 */
const stepParam = 'step';
const slugOf = (step: CheckoutStep) => step.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const isStep = (value: unknown): value is CheckoutStep => (checkoutSteps as readonly unknown[]).includes(value);

/** The step an address names (`?step=review` → review); undefined when it names none or an unknown one. */
export function stepOfSearch(search: string): CheckoutStep | undefined {
  const value = new URLSearchParams(search).get(stepParam);
  return checkoutSteps.find((step) => slugOf(step) === value);
}

/** The query string of a step: `?step=review`. */
export function searchOfStep(step: CheckoutStep): string {
  return `?${new URLSearchParams({ [stepParam]: slugOf(step) }).toString()}`;
}

/**
 * What a step's history entry remembers: the step it was reached from. The page's own
 * Back button goes back in the history when that was the previous step, so the history
 * and the buttons tell the same story.
 */
export interface StepHistoryState {
  checkoutFrom: CheckoutStep;
}

export function cameFrom(state: unknown): CheckoutStep | undefined {
  if (typeof state !== 'object' || state === null || !('checkoutFrom' in state)) return undefined;
  const from = (state as { checkoutFrom: unknown }).checkoutFrom;
  return isStep(from) ? from : undefined;
}
