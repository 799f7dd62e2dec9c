import { checkoutSteps } from '#shared/schemas/checkout.ts';

/**
 * The checkout's steps by name, in their order (`checkoutSteps`): invoiceInfo, address,
 * billingAddress, contact, review, confirmation, thankYou. The page speaks of them by
 * name; the number is the server's (`step` of the invoice info) and the heading's
 * ("Step 5 of 7").
 */
export type CheckoutStep = (typeof checkoutSteps)[number];

/** The steps whose Next saves a part of the invoice info (PUT invoice-info). */
export const invoiceSteps = ['invoiceInfo', 'address', 'billingAddress', 'contact'] as const satisfies readonly CheckoutStep[];

export const stepCount = checkoutSteps.length;

/** The step's place in the order, as the server counts: invoiceInfo is 0, thankYou 6. */
export function stepNumber(step: CheckoutStep): number {
  return checkoutSteps.indexOf(step);
}

/** The step the server's number names; a number out of range is the nearest step. */
export function stepOfNumber(number: number): CheckoutStep {
  return checkoutSteps[Math.min(Math.max(Math.trunc(number), 0), stepCount - 1)] ?? 'invoiceInfo';
}

/** Whether `step` comes before `other`. */
export function isBefore(step: CheckoutStep, other: CheckoutStep): boolean {
  return stepNumber(step) < stepNumber(other);
}

/** The earlier of two steps. */
export function earlier(step: CheckoutStep, other: CheckoutStep): CheckoutStep {
  return isBefore(other, step) ? other : step;
}

/** The step after `step` (the thank-you has none: itself). */
export function nextStep(step: CheckoutStep): CheckoutStep {
  return stepOfNumber(stepNumber(step) + 1);
}

/** The step before `step` (the first has none: itself). */
export function previousStep(step: CheckoutStep): CheckoutStep {
  return stepOfNumber(stepNumber(step) - 1);
}
