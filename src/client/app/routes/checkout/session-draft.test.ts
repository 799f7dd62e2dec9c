// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetSessionDraft, readSessionDraft, writeSessionDraft } from './session-draft.ts';
import type { Draft } from './draft.ts';

const orderId = '0b7c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d5e';
const address = { street: 'Bahnhofstrasse 1', additionalAddressLine: '', zip: '8001', city: 'Zürich', state: '', country: '', countryCode: 'CH' };
const draft: Draft = {
  company: { name: 'Acme AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' },
  address,
  invoiceAddressSameAsAddress: true,
  invoiceAddress: { ...address, street: '' },
  contact: { firstName: 'Anna', lastName: '', email: '', phoneCountryCode: 'CH', phoneNumber: '' },
};

beforeEach(() => sessionStorage.clear());

describe('the checkout draft in the session', () => {
  it('keeps what was typed and the agreement, per order', () => {
    writeSessionDraft(orderId, { draft, agreed: true });
    expect(readSessionDraft(orderId)).toEqual({ draft, agreed: true });
    expect(readSessionDraft('another-order')).toEqual({ draft: undefined, agreed: false });
  });

  it('keeps nothing but the draft and the agreement', () => {
    writeSessionDraft(orderId, { draft, agreed: true, captchaSolution: 'solution' } as never);
    expect(sessionStorage.getItem(`checkout-draft:${orderId}`)).not.toContain('solution');
  });

  it('forgets it when there is nothing to keep, or when asked', () => {
    writeSessionDraft(orderId, { draft, agreed: false });
    writeSessionDraft(orderId, { draft: undefined, agreed: false });
    expect(sessionStorage.getItem(`checkout-draft:${orderId}`)).toBeNull();
    writeSessionDraft(orderId, { draft, agreed: true });
    forgetSessionDraft(orderId);
    expect(readSessionDraft(orderId)).toEqual({ draft: undefined, agreed: false });
  });

  it('ignores what it cannot read', () => {
    sessionStorage.setItem(`checkout-draft:${orderId}`, '{not json');
    expect(readSessionDraft(orderId)).toEqual({ draft: undefined, agreed: false });
    sessionStorage.setItem(`checkout-draft:${orderId}`, JSON.stringify({ draft: { company: 1 }, agreed: true }));
    expect(readSessionDraft(orderId)).toEqual({ draft: undefined, agreed: false });
  });
});
