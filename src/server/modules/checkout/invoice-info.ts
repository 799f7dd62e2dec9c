import type { Language } from '#shared/locales.ts';
import type { FieldError } from '#shared/errors.ts';
import type { Address, InvoiceInfo, InvoiceInfoUpdate } from '#shared/schemas/checkout.ts';
import { findCountry } from '../geo/countries.rules.ts';
import { nationalPhoneNumber } from '#shared/phone.ts';
import type { StoredInvoiceInfo } from '../orders/orders.service.ts';
import { formatVatNumber, vatNumberProblem } from '#shared/vat-numbers.ts';
import { vatNumberRequired } from './vat.ts';

/** The invoice info as stored in `orders.invoice_info` (the orders module's column): only what was saved. */
export type { StoredInvoiceInfo };

type ParsedUpdate = Omit<InvoiceInfoUpdate, 'company' | 'address' | 'invoiceAddress'> & {
  company?: StoredInvoiceInfo['company'];
  address?: Address | undefined;
  invoiceAddress?: Address | undefined;
};

const emptyAddress = (countryCode = '', country = '') => ({
  street: '',
  additionalAddressLine: '',
  zip: '',
  city: '',
  state: '',
  country,
  countryCode,
});

function withCountryName(address: Address, language: Language) {
  return {
    ...emptyAddress(),
    ...address,
    additionalAddressLine: address.additionalAddressLine ?? '',
    state: address.state ?? '',
    country: findCountry(address.countryCode, language)?.name ?? address.country ?? '',
  };
}

/** The address the invoice goes to: the invoice address, or the address when they are the same. */
export function billingAddressOf(info: StoredInvoiceInfo): Address | undefined {
  return info.invoiceAddressSameAsAddress === false ? info.invoiceAddress : info.address;
}

/** Field errors that make the invoice info unfit for an order; [] when it is complete. */
export function missingForCheckout(info: StoredInvoiceInfo): FieldError[] {
  const missing: FieldError[] = [];
  const need = (field: string) => missing.push({ field, code: 'required', message: 'error.checkout.incomplete' });
  if (!info.company) need('company.name');
  if (!info.address) need('address.street');
  if (info.invoiceAddressSameAsAddress === false && !info.invoiceAddress) need('invoiceAddress.street');
  if (!info.contact) need('contact.firstName');
  missing.push(...vatProblems(info));
  return missing;
}

/**
 * The VAT number: required for an EU invoice address (reverse charge needs a well-formed
 * number of that very country), and when given elsewhere, well-formed for its country.
 */
function vatProblems(info: StoredInvoiceInfo): FieldError[] {
  const billing = billingAddressOf(info);
  if (!billing) return [];
  const vatNumber = info.company?.vatNumber;
  if (!vatNumber) {
    return vatNumberRequired(billing.countryCode) ? [{ field: 'company.vatNumber', code: 'required', message: 'error.checkout.vatNumberRequired' }] : [];
  }
  const problem = vatNumberProblem(billing.countryCode, vatNumber);
  if (!problem) return [];
  return problem.reason === 'checkDigit'
    ? [{ field: 'company.vatNumber', code: 'invalid', message: 'error.vatNumber.checkDigit' }]
    : [{ field: 'company.vatNumber', code: 'invalid', message: 'error.vatNumber.format', params: { example: problem.example } }];
}

/**
 * Merges a step's sections into what is saved. Returns the new info, or the field errors
 * that refuse it: unknown countries, and a VAT number the billing country asks for.
 */
export function mergeInvoiceInfo(saved: StoredInvoiceInfo, update: ParsedUpdate): { info: StoredInvoiceInfo; errors: FieldError[] } {
  const info: StoredInvoiceInfo = { ...saved };
  if (update.company) info.company = update.company;
  if (update.address) info.address = update.address;
  if (update.invoiceAddressSameAsAddress !== undefined) info.invoiceAddressSameAsAddress = update.invoiceAddressSameAsAddress;
  if (update.invoiceAddress) info.invoiceAddress = update.invoiceAddress;
  // The phone number is stored normalised, once (src/shared/phone.ts): `079 123 45 67` becomes `79 123 45 67`.
  if (update.contact) info.contact = { ...update.contact, phoneNumber: nationalPhoneNumber(update.contact.phoneCountryCode, update.contact.phoneNumber) };
  if (update.step !== undefined) info.step = update.step;

  const errors: FieldError[] = [];
  for (const [field, address] of [['address', update.address], ['invoiceAddress', update.invoiceAddress]] as const) {
    if (address && !findCountry(address.countryCode, 'en-US')) {
      errors.push({ field: `${field}.countryCode`, code: 'invalidOption', message: 'error.checkout.unknownCountry' });
    }
  }
  if (update.contact && !findCountry(update.contact.phoneCountryCode, 'en-US')) {
    errors.push({ field: 'contact.phoneCountryCode', code: 'invalidOption', message: 'error.checkout.unknownCountry' });
  }
  // The VAT number is checked once the billing country is known.
  const billing = billingAddressOf(info);
  if (billing) {
    const vatErrors = vatProblems(info);
    errors.push(...vatErrors);
    // Saved as invoices print it: `de 123 456 789` becomes `DE123456789`.
    if (vatErrors.length === 0 && info.company?.vatNumber) {
      info.company = { ...info.company, vatNumber: formatVatNumber(billing.countryCode, info.company.vatNumber) };
    }
  }
  return { info, errors };
}

/**
 * The answer of GET/PUT invoice-info: every field present, missing ones as empty strings;
 * a missing invoice address is empty but carries the address's country.
 */
export function invoiceInfoView(info: StoredInvoiceInfo, language: Language, subscriber?: Record<string, unknown> | null): InvoiceInfo {
  const address = info.address ? withCountryName(info.address, language) : emptyAddress();
  const same = info.invoiceAddressSameAsAddress !== false;
  const invoiceAddress = same
    ? address
    : info.invoiceAddress
      ? withCountryName(info.invoiceAddress, language)
      : emptyAddress(address.countryCode, address.country);
  const billingCountry = (same ? info.address : info.invoiceAddress)?.countryCode ?? '';
  return {
    company: {
      name: info.company?.name ?? '',
      vatNumber: info.company?.vatNumber ?? '',
      buyerReference: info.company?.buyerReference ?? '',
      purchaseOrderNumber: info.company?.purchaseOrderNumber ?? '',
    },
    address,
    invoiceAddressSameAsAddress: same,
    invoiceAddress,
    contact: {
      firstName: info.contact?.firstName ?? '',
      lastName: info.contact?.lastName ?? '',
      email: info.contact?.email ?? '',
      phoneCountryCode: info.contact?.phoneCountryCode ?? '',
      phoneNumber: info.contact?.phoneNumber ?? '',
    },
    step: info.step ?? 0,
    vatNumberRequired: billingCountry !== '' && vatNumberRequired(billingCountry),
    complete: missingForCheckout(info).length === 0,
    ...(subscriber ? { suggested: suggestionOf(subscriber) } : {}),
  };
}

/** What the save-cart form stored about its sender (a form submission), as the checkout's suggestion. */
function suggestionOf(subscriber: Record<string, unknown>): NonNullable<InvoiceInfo['suggested']> {
  const text = (key: string) => (typeof subscriber[key] === 'string' ? subscriber[key] : '');
  return {
    companyName: text('companyName'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    phoneCountryCode: text('phoneCountryCode'),
    phoneNumber: text('phoneNumber'),
  };
}
