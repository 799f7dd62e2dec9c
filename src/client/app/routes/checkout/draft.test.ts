import { describe, expect, it } from 'vitest';
import type { InvoiceInfo } from '#shared/schemas/checkout.ts';
import { checkStep, draftOf, firstOpenStep, usableCountry, withDefaults, type Draft } from './draft.ts';

const emptyAddress = { street: '', additionalAddressLine: '', zip: '', city: '', state: '', country: '', countryCode: '' };
const emptyInfo: InvoiceInfo = {
  company: { name: '', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' },
  address: { ...emptyAddress },
  invoiceAddressSameAsAddress: true,
  invoiceAddress: { ...emptyAddress },
  contact: { firstName: '', lastName: '', email: '', phoneCountryCode: '', phoneNumber: '' },
  step: 0,
  vatNumberRequired: false,
  complete: false,
};
const zurich = { ...emptyAddress, street: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', country: 'Switzerland', countryCode: 'CH' };
const completeInfo: InvoiceInfo = {
  ...emptyInfo,
  company: { name: 'Acme AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' },
  address: zurich,
  invoiceAddress: zurich,
  contact: { firstName: 'Anna', lastName: 'Muster', email: 'anna@acme.ch', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
  step: 4,
  complete: true,
};

/** As the page computes it: the draft and the saved info, both with the visitor's country as default. */
function open(draft: Draft, saved: InvoiceInfo, agreed = false, visitor: string | undefined = 'CH') {
  return firstOpenStep(withDefaults(draft, visitor), withDefaults(draftOf(saved), visitor), saved.vatNumberRequired, agreed);
}

describe('the first open step', () => {
  it('is the first step with something missing', () => {
    expect(open(draftOf(emptyInfo), emptyInfo)).toBe('invoiceInfo');
    const companyOnly = { ...emptyInfo, company: { name: 'Acme AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' } };
    expect(open(draftOf(companyOnly), companyOnly)).toBe('address');
    const withAddress = { ...companyOnly, address: zurich };
    // The billing address is the address unless said otherwise: the contact is next.
    expect(open(draftOf(withAddress), withAddress)).toBe('contact');
  });

  it('is the review until the terms are agreed to, then the confirmation', () => {
    expect(open(draftOf(completeInfo), completeInfo)).toBe('review');
    expect(open(draftOf(completeInfo), completeInfo, true)).toBe('confirmation');
  });

  it('is a step whose sections were changed since they were saved', () => {
    const draft = draftOf(completeInfo);
    expect(open({ ...draft, address: { ...draft.address, city: 'Winterthur', zip: '8400' } }, completeInfo, true)).toBe('address');
    expect(open({ ...draft, invoiceAddressSameAsAddress: false }, completeInfo, true)).toBe('billingAddress');
    expect(open({ ...draft, contact: { ...draft.contact, phoneNumber: '44 668 18 01' } }, completeInfo, true)).toBe('contact');
    // A billing address typed and then given up (same as the address again) changes nothing.
    expect(open({ ...draft, invoiceAddress: { ...zurich, city: 'Bern' } }, completeInfo, true)).toBe('confirmation');
  });

  it('asks for the VAT number the billing country needs', () => {
    const german = { ...completeInfo, address: { ...zurich, zip: '10117', city: 'Berlin', countryCode: 'DE' }, vatNumberRequired: true };
    german.invoiceAddress = german.address;
    expect(open(draftOf(german), german)).toBe('invoiceInfo');
  });
});

describe('the address country', () => {
  it('defaults to the visitor country; a saved one wins; unknown stays empty', () => {
    expect(withDefaults(draftOf(emptyInfo), 'CH').address.countryCode).toBe('CH');
    expect(withDefaults(draftOf(emptyInfo), 'CH').contact.phoneCountryCode).toBe('CH');
    expect(withDefaults(draftOf({ ...emptyInfo, address: { ...emptyAddress, countryCode: 'DE' } }), 'CH').address.countryCode).toBe('DE');
    // The country the buyer chose wins over the visitor's (maybe guessed) one, for the phone too.
    expect(withDefaults(draftOf({ ...emptyInfo, address: { ...emptyAddress, countryCode: 'CH' } }), 'US').contact.phoneCountryCode).toBe('CH');
    expect(withDefaults({ ...draftOf(emptyInfo), contact: { ...draftOf(emptyInfo).contact, phoneCountryCode: 'DE' } }, 'US').contact.phoneCountryCode).toBe('DE');
    expect(withDefaults(draftOf(emptyInfo), undefined).address.countryCode).toBe('');
  });

  it('is required with its own message', () => {
    const draft = withDefaults(draftOf({ ...emptyInfo, address: { ...zurich, countryCode: '' } }), undefined);
    expect(checkStep('address', draft, false)['address.countryCode']).toEqual({ key: 'error.checkout.countryRequired' });
    expect(checkStep('address', withDefaults(draft, 'CH'), false)).toEqual({});
  });

  it("takes the visitor's country only when it is a country of the list", () => {
    const countries = [{ code: 'CH', name: 'Switzerland', phoneCode: '+41' }];
    expect(usableCountry('CH', countries)).toBe('CH');
    expect(usableCountry('XX', countries)).toBeUndefined();
    expect(usableCountry('', countries)).toBeUndefined();
    expect(usableCountry(undefined, countries)).toBeUndefined();
    expect(usableCountry('ch', [])).toBeUndefined();
    // While the list loads, a well-formed code is taken.
    expect(usableCountry('DE', [])).toBe('DE');
  });
});
