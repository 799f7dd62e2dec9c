import { describe, expect, it } from 'vitest';
import type { InvoiceInfo, OrderDetail } from '#shared/schemas/checkout.ts';
import { draftOf } from './draft.ts';
import { stepToShow, type StepFacts } from './step-to-show.ts';

const zurich = { street: 'Bahnhofstrasse 1', additionalAddressLine: '', zip: '8001', city: 'Zürich', state: '', country: 'Switzerland', countryCode: 'CH' };
const complete: InvoiceInfo = {
  company: { name: 'Acme AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' },
  address: zurich,
  invoiceAddressSameAsAddress: true,
  invoiceAddress: zurich,
  contact: { firstName: 'Anna', lastName: 'Muster', email: 'anna@acme.ch', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
  step: 4,
  vatNumberRequired: false,
  complete: true,
};
const cart = { status: 'SHOPPING_CART', details: { shoppingCart: true, status: 'SHOPPING_CART' } } as OrderDetail;
const ordered = { status: 'ORDERED', details: { shoppingCart: false, status: 'ORDERED' } } as OrderDetail;

function facts(change: Partial<StepFacts> = {}): StepFacts {
  const draft = draftOf(complete);
  return { detail: cart, info: complete, draft, saved: draft, visitorCountryLoading: false, invoiceLoadFailed: false, empty: false, agreed: false, urlStep: undefined, ...change };
}

describe('the step the checkout shows', () => {
  it('is the saved step, or the one the address names, unless an earlier one is still open', () => {
    expect(stepToShow(facts())).toBe('review');
    expect(stepToShow(facts({ urlStep: 'address' }))).toBe('address');
    // The terms are not agreed to: the confirmation falls back to the review.
    expect(stepToShow(facts({ urlStep: 'confirmation' }))).toBe('review');
    expect(stepToShow(facts({ urlStep: 'confirmation', agreed: true }))).toBe('confirmation');
  });

  it('is the thank-you once the order is no longer a cart', () => {
    expect(stepToShow(facts({ detail: ordered, urlStep: 'address' }))).toBe('thankYou');
  });

  it('keeps the address\'s step, at most the confirmation, when the invoice info failed to load', () => {
    expect(stepToShow(facts({ info: undefined, invoiceLoadFailed: true, urlStep: 'thankYou' }))).toBe('confirmation');
    expect(stepToShow(facts({ info: undefined, invoiceLoadFailed: true }))).toBe('invoiceInfo');
  });

  it('is not known while the order, the info or the visitor\'s country load, or when there is nothing to check out', () => {
    expect(stepToShow(facts({ detail: undefined }))).toBeUndefined();
    expect(stepToShow(facts({ info: undefined }))).toBeUndefined();
    expect(stepToShow(facts({ visitorCountryLoading: true }))).toBeUndefined();
    expect(stepToShow(facts({ empty: true }))).toBeUndefined();
  });
});
