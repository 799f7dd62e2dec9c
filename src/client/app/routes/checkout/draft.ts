import type { Country } from '#shared/schemas/common.ts';
import { addressSchema, companySchema, contactSchema, type InvoiceInfo, type InvoiceInfoUpdate } from '#shared/schemas/checkout.ts';
import type { Problems } from '#client/ui/form/problems.ts';
import { invoiceSteps, type CheckoutStep } from './checkout-steps.ts';
import { sectionProblems } from './step-fields.ts';

/**
 * What the visitor has typed in the invoice-info steps (invoiceInfo to contact). The page
 * holds it with its form (useForm) and keeps it in the tab's sessionStorage
 * (session-draft.ts), so Back, Next and a reload keep it; each Next saves its step's
 * sections (PUT invoice-info), and the answer replaces only those sections.
 */
export type AddressDraft = InvoiceInfo['address'];

export interface Draft {
  company: InvoiceInfo['company'];
  address: AddressDraft;
  invoiceAddressSameAsAddress: boolean;
  invoiceAddress: AddressDraft;
  contact: InvoiceInfo['contact'];
}

const companyFields = ['name', 'vatNumber', 'buyerReference', 'purchaseOrderNumber'] as const;
const addressFields = ['street', 'additionalAddressLine', 'zip', 'city', 'state', 'countryCode'] as const;
const contactFields = ['firstName', 'lastName', 'email', 'phoneCountryCode', 'phoneNumber'] as const;

const emptyAddress = (countryCode: string): AddressDraft => ({
  street: '',
  additionalAddressLine: '',
  zip: '',
  city: '',
  state: '',
  country: '',
  countryCode,
});

/** Nothing typed and nothing saved yet. */
export const emptyDraft: Draft = {
  company: { name: '', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' },
  address: emptyAddress(''),
  invoiceAddressSameAsAddress: true,
  invoiceAddress: emptyAddress(''),
  contact: { firstName: '', lastName: '', email: '', phoneCountryCode: '', phoneNumber: '' },
};

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
 * The draft the form starts from: what was saved, and in the fields still empty what the
 * buyer gave when saving the cart by e-mail (name, e-mail, company, phone). Suggestions
 * are not saved: each step still asks its Next, and Review shows what was saved.
 */
export function withSuggestions(draft: Draft, suggested: InvoiceInfo['suggested']): Draft {
  if (!suggested) return draft;
  const { contact } = draft;
  return {
    ...draft,
    company: { ...draft.company, name: draft.company.name || suggested.companyName },
    contact: {
      firstName: contact.firstName || suggested.firstName,
      lastName: contact.lastName || suggested.lastName,
      email: contact.email || suggested.email,
      phoneCountryCode: contact.phoneCountryCode || (contact.phoneNumber ? '' : suggested.phoneCountryCode),
      phoneNumber: contact.phoneNumber || suggested.phoneNumber,
    },
  };
}

/**
 * The draft as the form shows it: an empty address country is the visitor's country
 * (geolocation, which may be only a guess from the browser's language), an empty billing
 * country the address's, an empty phone country the address's as well. A country the
 * buyer chose (or saved) for the address therefore wins over the guess for the phone too:
 * choosing Switzerland makes the phone +41 until the buyer picks another code.
 */
export function withDefaults(draft: Draft, visitorCountry: string | undefined): Draft {
  const addressCountry = draft.address.countryCode || visitorCountry || '';
  return {
    ...draft,
    address: { ...draft.address, countryCode: addressCountry },
    invoiceAddress: { ...draft.invoiceAddress, countryCode: draft.invoiceAddress.countryCode || addressCountry },
    contact: { ...draft.contact, phoneCountryCode: draft.contact.phoneCountryCode || addressCountry },
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
export function updateOf(step: CheckoutStep, draft: Draft, countries: readonly Country[]): InvoiceInfoUpdate {
  switch (step) {
    case 'invoiceInfo':
      return { company: { ...draft.company } };
    case 'address':
      return { address: addressPayload(draft.address, countries) };
    case 'billingAddress':
      return draft.invoiceAddressSameAsAddress
        ? { invoiceAddressSameAsAddress: true }
        : { invoiceAddressSameAsAddress: false, invoiceAddress: addressPayload(draft.invoiceAddress, countries) };
    case 'contact':
      return { contact: { ...draft.contact } };
    default:
      return {};
  }
}

/** The client's own check of one step, with the shared schemas (same rules, same texts as the server). */
export function checkStep(step: CheckoutStep, draft: Draft, vatNumberRequired: boolean): Problems {
  switch (step) {
    case 'invoiceInfo': {
      const problems = sectionProblems(companySchema, draft.company, 'company');
      if (vatNumberRequired && draft.company.vatNumber.trim() === '') {
        problems['company.vatNumber'] ??= { key: 'error.checkout.vatNumberRequired' };
      }
      return problems;
    }
    case 'address':
      return withCountryRequired(sectionProblems(addressSchema, draft.address, 'address'), 'address.countryCode', draft.address.countryCode);
    case 'billingAddress':
      return draft.invoiceAddressSameAsAddress
        ? {}
        : withCountryRequired(sectionProblems(addressSchema, draft.invoiceAddress, 'invoiceAddress'), 'invoiceAddress.countryCode', draft.invoiceAddress.countryCode);
    case 'contact':
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
function isSaved(step: CheckoutStep, draft: Draft, saved: Draft): boolean {
  switch (step) {
    case 'invoiceInfo':
      return sameFields(draft.company, saved.company, companyFields);
    case 'address':
      return sameFields(draft.address, saved.address, addressFields);
    case 'billingAddress':
      return (
        draft.invoiceAddressSameAsAddress === saved.invoiceAddressSameAsAddress &&
        (draft.invoiceAddressSameAsAddress || sameFields(draft.invoiceAddress, saved.invoiceAddress, addressFields))
      );
    case 'contact':
      return sameFields(draft.contact, saved.contact, contactFields);
    default:
      return true;
  }
}

/**
 * The first step the visitor still has to go through: an invoice-info step whose
 * sections are incomplete or changed since they were saved, else the review while the
 * terms are not agreed to, else the confirmation. Every step up to it can be shown; a
 * later one (an old address, a typed `?step=`) falls back to it. `draft` and `saved` are
 * as the form shows them (`withDefaults`).
 */
export function firstOpenStep(draft: Draft, saved: Draft, vatNumberRequired: boolean, agreed: boolean): CheckoutStep {
  for (const step of invoiceSteps) {
    if (Object.keys(checkStep(step, draft, vatNumberRequired)).length > 0 || !isSaved(step, draft, saved)) return step;
  }
  return agreed ? 'confirmation' : 'review';
}

/** The visitor's country as the geolocation answered it, if it is one of the list (else unknown: the field stays empty). */
export function usableCountry(code: string | undefined, countries: readonly Country[]): string | undefined {
  if (!code || !/^[A-Z]{2}$/.test(code)) return undefined;
  return countries.length === 0 || countries.some((country) => country.code === code) ? code : undefined;
}

/** The sections a step saved: the server's answer replaces them in the draft. */
export function mergeSaved(draft: Draft, saved: InvoiceInfo, step: CheckoutStep): Draft {
  switch (step) {
    case 'invoiceInfo':
      return { ...draft, company: { ...saved.company } };
    case 'address':
      return {
        ...draft,
        address: { ...saved.address },
        // An untouched billing address follows the address's (maybe new) country.
        invoiceAddress: isBlankAddress(draft.invoiceAddress) ? { ...draft.invoiceAddress, countryCode: saved.address.countryCode } : draft.invoiceAddress,
      };
    case 'billingAddress':
      return saved.invoiceAddressSameAsAddress
        ? { ...draft, invoiceAddressSameAsAddress: true }
        : { ...draft, invoiceAddressSameAsAddress: false, invoiceAddress: { ...saved.invoiceAddress } };
    case 'contact':
      return { ...draft, contact: { ...saved.contact } };
    default:
      return draft;
  }
}

/** The fields a step's form shows, so an error on any other field is listed at the top. */
export function visibleFields(step: CheckoutStep, draft: Draft, agreed: boolean): ReadonlySet<string> {
  switch (step) {
    case 'invoiceInfo':
      return new Set(companyFields.map((field) => `company.${field}`));
    case 'address':
      return new Set(addressFields.map((field) => `address.${field}`));
    case 'billingAddress':
      return new Set([
        'invoiceAddressSameAsAddress',
        ...(draft.invoiceAddressSameAsAddress ? [] : addressFields.map((field) => `invoiceAddress.${field}`)),
      ]);
    case 'contact':
      return new Set(contactFields.map((field) => `contact.${field}`));
    case 'review':
      return new Set(['agreeWithLegalTexts']);
    case 'confirmation':
      return new Set(['captchaSolution', ...(agreed ? [] : ['agreeWithLegalTexts'])]);
    default:
      return new Set();
  }
}
