import { describe, expect, it } from 'vitest';
import { checkoutSteps } from '#shared/schemas/checkout.ts';
import { cameFrom, searchOfStep, stepOfSearch } from './step-url.ts';

describe('the checkout step in the address', () => {
  it('names every step in kebab case, and reads back what it writes', () => {
    expect(checkoutSteps.map((step) => searchOfStep(step))).toEqual([
      '?step=invoice-info',
      '?step=address',
      '?step=billing-address',
      '?step=contact',
      '?step=review',
      '?step=confirmation',
      '?step=thank-you',
    ]);
    for (const step of checkoutSteps) expect(stepOfSearch(searchOfStep(step))).toBe(step);
  });

  it('reads no step from an address without one, or with an unknown one', () => {
    expect(stepOfSearch('')).toBeUndefined();
    expect(stepOfSearch('?step=')).toBeUndefined();
    expect(stepOfSearch('?step=4')).toBeUndefined();
    expect(stepOfSearch('?step=Review')).toBeUndefined();
    expect(stepOfSearch('?step=thankYou')).toBeUndefined();
    expect(stepOfSearch('?other=1&step=contact')).toBe('contact');
  });

  it('reads the step a history entry was reached from', () => {
    expect(cameFrom({ checkoutFrom: 'billingAddress' })).toBe('billingAddress');
    expect(cameFrom({ checkoutFrom: 2 })).toBeUndefined();
    expect(cameFrom({ checkoutFrom: 'billing-address' })).toBeUndefined();
    expect(cameFrom(null)).toBeUndefined();
    expect(cameFrom(undefined)).toBeUndefined();
  });
});
