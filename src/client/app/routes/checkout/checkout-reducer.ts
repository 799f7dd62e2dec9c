import type { InvoiceInfo } from '#shared/schemas/checkout.ts';
import type { CheckoutStep } from './checkout-steps.ts';

/**
 * The checkout page's own state, besides what the visitor types (its form, useForm) and
 * the server's data (queries): the terms box, the answer of the last save, a refusal of
 * the order for want of lines, and where the focus goes next. Every change is one of the
 * actions below, so the page's handlers say what happened and this file what follows.
 */
export interface CheckoutState {
  /** The terms-and-privacy box of the review; kept over a reload with the draft (session-draft.ts). */
  agreed: boolean;
  /** The answer of the last save, at once: the query's copy of it reaches the page later. */
  lastSaved: InvoiceInfo | undefined;
  /** The server refused the order for want of an ACTIVE line: the page says so rather than leaving. */
  refusedEmpty: boolean;
  /** Where the focus goes once `step` is shown; a new `id` for every request. */
  focus: FocusRequest | undefined;
}

export interface FocusRequest {
  /** The step's heading, or its first problem. */
  target: 'heading' | 'problem';
  /** The step that is to show it: the request waits until that step is rendered. */
  step: CheckoutStep;
  id: number;
}

export type CheckoutAction =
  | { type: 'agreedChanged'; agreed: boolean }
  /** A step's sections were saved; the answer is the invoice info as it is now. */
  | { type: 'saved'; info: InvoiceInfo }
  /** The page goes back to what the server says (the order changed in another tab). */
  | { type: 'startedOver' }
  /** A step is about to show (Next, Back, a problem elsewhere): the focus goes to its heading or first problem. */
  | { type: 'moved'; to: CheckoutStep; focus: FocusRequest['target'] }
  /** The order was placed: the thank-you takes the focus. */
  | { type: 'ordered' }
  /** The server refused the order (409); `linesLeft` says whether the fresh order still has ACTIVE lines. */
  | { type: 'orderRefused'; linesLeft: boolean; step: CheckoutStep }
  /** The server refused the order for want of lines; the fresh order is on its way. */
  | { type: 'orderRefusedEmpty' };

export function initialCheckoutState(agreed: boolean): CheckoutState {
  return { agreed, lastSaved: undefined, refusedEmpty: false, focus: undefined };
}

const focusOn = (state: CheckoutState, step: CheckoutStep, target: FocusRequest['target']): FocusRequest => ({
  target,
  step,
  id: (state.focus?.id ?? 0) + 1,
});

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'agreedChanged':
      return { ...state, agreed: action.agreed };
    case 'saved':
      return { ...state, lastSaved: action.info };
    case 'startedOver':
      return { ...state, lastSaved: undefined };
    case 'moved':
      return { ...state, focus: focusOn(state, action.to, action.focus) };
    case 'ordered':
      return { ...state, focus: focusOn(state, 'thankYou', 'heading') };
    case 'orderRefusedEmpty':
      return { ...state, refusedEmpty: true };
    case 'orderRefused':
      // Lines came back (another tab): the order can be tried again. None: the step says why.
      return action.linesLeft ? { ...state, refusedEmpty: false } : { ...state, refusedEmpty: true, focus: focusOn(state, action.step, 'problem') };
  }
}
