import { describe, expect, it } from 'vitest';
import { earlier, isBefore, nextStep, previousStep, stepCount, stepNumber, stepOfNumber } from './checkout-steps.ts';

describe('the checkout steps', () => {
  it('are numbered as the server counts them, 0 to 6', () => {
    expect(stepCount).toBe(7);
    expect(stepNumber('invoiceInfo')).toBe(0);
    expect(stepNumber('review')).toBe(4);
    expect(stepOfNumber(5)).toBe('confirmation');
    expect(stepOfNumber(-1)).toBe('invoiceInfo');
    expect(stepOfNumber(9)).toBe('thankYou');
  });

  it('follow one another, the first and the last staying where they are', () => {
    expect(nextStep('contact')).toBe('review');
    expect(nextStep('thankYou')).toBe('thankYou');
    expect(previousStep('address')).toBe('invoiceInfo');
    expect(previousStep('invoiceInfo')).toBe('invoiceInfo');
    expect(isBefore('billingAddress', 'contact')).toBe(true);
    expect(isBefore('contact', 'contact')).toBe(false);
    expect(earlier('review', 'address')).toBe('address');
    expect(earlier('address', 'review')).toBe('address');
  });
});
