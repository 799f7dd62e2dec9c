import { describe, expect, it } from 'vitest';
import type { InvoiceInfo } from '#shared/schemas/checkout.ts';
import { checkoutReducer, initialCheckoutState, type CheckoutAction, type CheckoutState } from './checkout-reducer.ts';

const run = (state: CheckoutState, ...actions: CheckoutAction[]) => actions.reduce(checkoutReducer, state);
const saved = { step: 2, complete: false } as InvoiceInfo;

describe('checkoutReducer', () => {
  it('starts with the terms box as the tab kept it, and nothing else', () => {
    expect(initialCheckoutState(true)).toEqual({ agreed: true, lastSaved: undefined, refusedEmpty: false, focus: undefined });
  });

  it('ticks the terms box, keeps the answer of a save, and drops it when starting over', () => {
    const state = run(initialCheckoutState(false), { type: 'agreedChanged', agreed: true }, { type: 'saved', info: saved });
    expect(state).toMatchObject({ agreed: true, lastSaved: saved });
    expect(checkoutReducer(state, { type: 'startedOver' }).lastSaved).toBeUndefined();
  });

  it('asks for the focus on the step about to show, a new request each time', () => {
    const first = run(initialCheckoutState(false), { type: 'moved', to: 'address', focus: 'heading' });
    expect(first.focus).toEqual({ target: 'heading', step: 'address', id: 1 });
    const again = checkoutReducer(first, { type: 'moved', to: 'address', focus: 'problem' });
    expect(again.focus).toEqual({ target: 'problem', step: 'address', id: 2 });
  });

  it('sends the focus to the thank-you once the order is placed', () => {
    expect(run(initialCheckoutState(true), { type: 'ordered' }).focus).toMatchObject({ target: 'heading', step: 'thankYou' });
  });

  it('says the cart is empty when the server refused the order for want of lines, and forgets it when lines came back', () => {
    const refused = run(initialCheckoutState(true), { type: 'orderRefusedEmpty' });
    expect(refused.refusedEmpty).toBe(true);
    const none = checkoutReducer(refused, { type: 'orderRefused', linesLeft: false, step: 'confirmation' });
    expect(none).toMatchObject({ refusedEmpty: true, focus: { target: 'problem', step: 'confirmation' } });
    const back = checkoutReducer(refused, { type: 'orderRefused', linesLeft: true, step: 'confirmation' });
    expect(back).toMatchObject({ refusedEmpty: false, focus: undefined });
  });
});
