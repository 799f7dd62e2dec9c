import type { Country } from '#shared/schemas/common.ts';
import { addressSchema, companySchema, contactSchema, type InvoiceInfo, type InvoiceInfoUpdate } from '#shared/schemas/checkout.ts';
import type { Problems } from '#client/ui/form/problems.ts';
import { sectionProblems } from './step-fields.ts';

/**
 * What the visitor has typed in the invoice-info steps (0–3). It lives in the page and in
 * the tab's sessionStorage (session-draft.ts), so Back, Next and a reload keep it; each
 * Next saves its step's sections (PUT invoice-info), and the answer replaces only those
 * sections.
 */
export type AddressDraft = InvoiceInfo['address'];

export interface Draft {
  company: InvoiceInfo['company'];
  address: AddressDraft;
  invoiceAddressSameAsAddress: boolean;
  invoiceAddress: AddressDraft;
  contact: InvoiceInfo['contact'];
}

const addressFields = ['street', 'additionalAddressLine', 'zip', 'city', 'state', 'countryCode'] as const;
const contactFields = ['firstName', 'lastName', 'email', 'phoneCountryCode', 'phoneNumber'] as const;

export const stepCount = 7;
/** The last step the visitor can be at while the order is still a cart (confirmation). */
export const lastCartStep = 5;
export const reviewStep = 4;
export const confirmationStep = 5;
export const thankYouStep = 6;

const emptyAddress = (countryCode: string): AddressDraft => ({
  street: '',
  additionalAddressLine: '',
  zip: '',
  city: '',
  state: '',
  country: '',
  countryCode,
});

export function draftOf(info: InvoiceInfo): Draft {
  return {
    company: { ...info.company },
    address: { ...info.address },
    invoiceAddressSameAsAddress: info.invoiceAddressSameAsAddress,
    // While billing goes to the address, the answer repeats the address here; a separate
    // billing address is "missing" then and starts empty, in the address's country.
    invoiceAddress: info.invoiceAddressSameAsAddress ? emptyAddress(info.address.countryCode) : { ...info.invoiceAddress },
    contact: { ...info.contact },
  };
}

/**
 * The draft as the form shows it: an empty address country is the visitor's country
 * (geolocation), an empty billing country the address's, an empty phone country the
 * visitor's, else the address's.
 */
export function withDefaults(draft: Draft, visitorCountry: string | undefined): Draft {
  const addressCountry = draft.address.countryCode || visitorCountry || '';
  return {
    ...draft,
    address: { ...draft.address, countryCode: addressCountry },
    invoiceAddress: { ...draft.invoiceAddress, countryCode: draft.invoiceAddress.countryCode || addressCountry },
    contact: { ...draft.contact, phoneCountryCode: draft.contact.phoneCountryCode || visitorCountry || addressCountry },
  };
}

/** A billing address the visitor has not started: it follows the address's country. */
export function isBlankAddress(address: AddressDraft): boolean {
  return [address.street, address.additionalAddressLine, address.zip, address.city, address.state].every((value) => value.trim() === '');
}

function addressPayload(address: AddressDraft, countries: readonly Country[]) {
  // The name is the server's to fill from the code; a name from the list is sent only when it matches the code.
  const name = countries.find((country) => country.code === address.countryCode)?.name;
  return {
    street: address.street,
    additionalAddressLine: address.additionalAddressLine,
    zip: address.zip,
    city: address.city,
    state: address.state,
    countryCode: address.countryCode,
    ...(name ? { country: name } : {}),
  };
}

/** The sections one step saves, without `step`. */
export function updateOf(step: number, draft: Draft, countries: readonly Country[]): InvoiceInfoUpdate {
  switch (step) {
    case 0:
      return { company: { name: draft.company.name, vatNumber: draft.company.vatNumber } };
    case 1:
      return { address: addressPayload(draft.address, countries) };
    case 2:
      return draft.invoiceAddressSameAsAddress
        ? { invoiceAddressSameAsAddress: true }
        : { invoiceAddressSameAsAddress: false, invoiceAddress: addressPayload(draft.invoiceAddress, countries) };
    case 3:
      return { contact: { ...draft.contact } };
    default:
      return {};
  }
}

/** The client's own check of one step, with the shared schemas (same rules, same texts as the server). */
export function checkStep(step: number, draft: Draft, vatNumberRequired: boolean): Problems {
  switch (step) {
    case 0: {
      const problems = sectionProblems(companySchema, draft.company, 'company');
      if (vatNumberRequired && draft.company.vatNumber.trim() === '') {
        problems['company.vatNumber'] ??= { key: 'error.checkout.vatNumberRequired' };
      }
      return problems;
    }
    case 1:
      return withCountryRequired(sectionProblems(addressSchema, draft.address, 'address'), 'address.countryCode', draft.address.countryCode);
    case 2:
      return draft.invoiceAddressSameAsAddress
        ? {}
        : withCountryRequired(sectionProblems(addressSchema, draft.invoiceAddress, 'invoiceAddress'), 'invoiceAddress.countryCode', draft.invoiceAddress.countryCode);
    case 3:
      return withCountryRequired(sectionProblems(contactSchema, draft.contact, 'contact'), 'contact.phoneCountryCode', draft.contact.phoneCountryCode);
    default:
      return {};
  }
}

/** A country left empty (the visitor's is unknown) says so, rather than "choose one of the offered options". */
function withCountryRequired(problems: Problems, field: string, value: string): Problems {
  return value.trim() === '' ? { ...problems, [field]: { key: 'error.checkout.countryRequired' } } : problems;
}

const sameFields = <T extends object>(a: T, b: T, fields: readonly (keyof T)[]) => fields.every((field) => a[field] === b[field]);

/** Whether a step's sections in the draft are what was saved (nothing typed since its last Next). */
function isSaved(step: number, draft: Draft, saved: Draft): boolean {
  switch (step) {
    case 0:
      return sameFields(draft.company, saved.company, ['name', 'vatNumber']);
    case 1:
      return sameFields(draft.address, saved.address, addressFields);
    case 2:
      return (
        draft.invoiceAddressSameAsAddress === saved.invoiceAddressSameAsAddress &&
        (draft.invoiceAddressSameAsAddress || sameFields(draft.invoiceAddress, saved.invoiceAddress, addressFields))
      );
    case 3:
      return sameFields(draft.contact, saved.contact, contactFields);
    default:
      return true;
  }
}

/**
 * The first step the visitor still has to go through: an invoice-info step (0–3) whose
 * sections are incomplete or changed since they were saved, else the review while the
 * terms are not agreed to, else the confirmation. Every step up to it can be shown; a
 * later one (an old address, a typed `?step=`) falls back to it. `draft` and `saved` are
 * as the form shows them (`withDefaults`).
 */
export function firstOpenStep(draft: Draft, saved: Draft, vatNumberRequired: boolean, agreed: boolean): number {
  for (const step of [0, 1, 2, 3]) {
    if (Object.keys(checkStep(step, draft, vatNumberRequired)).length > 0 || !isSaved(step, draft, saved)) return step;
  }
  return agreed ? confirmationStep : reviewStep;
}

/** The visitor's country as the geolocation answered it, if it is one of the list (else unknown: the field stays empty). */
export function usableCountry(code: string | undefined, countries: readonly Country[]): string | undefined {
  if (!code || !/^[A-Z]{2}$/.test(code)) return undefined;
  return countries.length === 0 || countries.some((country) => country.code === code) ? code : undefined;
}

/** The sections a step saved: the server's answer replaces them in the draft. */
export function mergeSaved(draft: Draft, saved: InvoiceInfo, step: number): Draft {
  switch (step) {
    case 0:
      return { ...draft, company: { ...saved.company } };
    case 1:
      return {
        ...draft,
        address: { ...saved.address },
        // An untouched billing address follows the address's (maybe new) country.
        invoiceAddress: isBlankAddress(draft.invoiceAddress) ? { ...draft.invoiceAddress, countryCode: saved.address.countryCode } : draft.invoiceAddress,
      };
    case 2:
      return saved.invoiceAddressSameAsAddress
        ? { ...draft, invoiceAddressSameAsAddress: true }
        : { ...draft, invoiceAddressSameAsAddress: false, invoiceAddress: { ...saved.invoiceAddress } };
    case 3:
      return { ...draft, contact: { ...saved.contact } };
    default:
      return draft;
  }
}

/** The fields a step's form shows, so an error on any other field is listed at the top. */
export function visibleFields(step: number, draft: Draft, agreed: boolean): ReadonlySet<string> {
  switch (step) {
    case 0:
      return new Set(['company.name', 'company.vatNumber']);
    case 1:
      return new Set(addressFields.map((field) => `address.${field}`));
    case 2:
      return new Set([
        'invoiceAddressSameAsAddress',
        ...(draft.invoiceAddressSameAsAddress ? [] : addressFields.map((field) => `invoiceAddress.${field}`)),
      ]);
    case 3:
      return new Set(contactFields.map((field) => `contact.${field}`));
    case 4:
      return new Set(['agreeWithLegalTexts']);
    case 5:
      return new Set(['captchaSolution', ...(agreed ? [] : ['agreeWithLegalTexts'])]);
    default:
      return new Set();
  }
}
