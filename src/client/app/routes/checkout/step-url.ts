import { checkoutSteps } from '#shared/schemas/checkout.ts';

/**
 * The checkout step in the page's address: `/app/orders/{id}/checkout?step=contact`.
 * Every step change is a history entry, so the browser's Back and Forward move between
 * the steps and a reload stays on the step. The names are those of `checkoutSteps` in
 * kebab case: invoice-info, address, billing-address, contact, review, confirmation,
 * thank-you. This module is the only place that reads or writes them.
 */
const stepParam = 'step';
const slugs: readonly string[] = checkoutSteps.map((name) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`));

/** The step an address names (`?step=review` → 4); undefined when it names none or an unknown one. */
export function stepOfSearch(search: string): number | undefined {
  const value = new URLSearchParams(search).get(stepParam);
  const index = value === null ? -1 : slugs.indexOf(value);
  return index >= 0 ? index : undefined;
}

/** The query string of a step: `?step=review`. */
export function searchOfStep(step: number): string {
  const slug = slugs[step];
  if (slug === undefined) throw new Error(`No checkout step ${step}`);
  return `?${new URLSearchParams({ [stepParam]: slug }).toString()}`;
}

/**
 * What a step's history entry remembers: the step it was reached from. The page's own
 * Back button goes back in the history when that was the previous step, so the history
 * and the buttons tell the same story.
 */
export interface StepHistoryState {
  checkoutFrom: number;
}

export function cameFrom(state: unknown): number | undefined {
  if (typeof state !== 'object' || state === null || !('checkoutFrom' in state)) return undefined;
  const from = (state as StepHistoryState).checkoutFrom;
  return typeof from === 'number' ? from : undefined;
}
