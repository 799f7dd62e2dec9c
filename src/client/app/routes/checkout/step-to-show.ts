import type { InvoiceInfo, OrderDetail } from '#shared/schemas/checkout.ts';
import { isCart } from '#shared/orders.ts';
import { earlier, stepOfNumber, type CheckoutStep } from './checkout-steps.ts';
import { firstOpenStep, type Draft } from './draft.ts';

/** What decides the step the checkout shows. */
export interface StepFacts {
  detail: OrderDetail | undefined;
  info: InvoiceInfo | undefined;
  /** The draft and what was saved, both as the form shows them (`withDefaults`). */
  draft: Draft | undefined;
  saved: Draft | undefined;
  visitorCountryLoading: boolean;
  invoiceLoadFailed: boolean;
  /** The cart has nothing to check out (the page leaves for the cart page). */
  empty: boolean;
  agreed: boolean;
  /** The step the address names. */
  urlStep: CheckoutStep | undefined;
}

/**
 * The step to show: the thank-you once the order is no longer a cart; else the address's
 * step (or the saved one), unless a step before it is still open (`firstOpenStep`).
 * Undefined while that cannot be known yet. Without the invoice info (its loading failed)
 * the address's step is kept, at most the confirmation, the last step of a cart.
 */
export function stepToShow(facts: StepFacts): CheckoutStep | undefined {
  const { detail, info, draft, saved, urlStep } = facts;
  if (detail && !isCart(detail)) return 'thankYou';
  if (facts.invoiceLoadFailed) return earlier(urlStep ?? 'invoiceInfo', 'confirmation');
  if (!detail || !info || !draft || !saved || facts.visitorCountryLoading || facts.empty) return undefined;
  const open = firstOpenStep(draft, saved, info.vatNumberRequired, facts.agreed);
  return earlier(urlStep ?? stepOfNumber(info.step), open);
}
