import type { VatKind } from '#shared/schemas/checkout.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { euCountryCodes } from '#shared/vat-numbers.ts';
import { money, type Money } from '#shared/money.ts';
import { vatOnNet } from '#shared/vat.ts';

/**
 * VAT by the invoice address country (docs/product/money-and-vat.md): Switzerland and
 * Liechtenstein 8.1 %; EU countries 0 % with reverse charge (the buyer accounts for it,
 * so its VAT number is required); everywhere else 0 % (export of services).
 */
/** The Swiss standard rate and the day each took effect, newest last: a period is billed at the rate in force on its first day. */
const swissVatRates = [
  { from: '2018-01-01', percent: 7.7 },
  { from: '2024-01-01', percent: 8.1 },
] as const;

function swissVatRateOn(isoDay: string): number {
  return swissVatRates.filter((rate) => rate.from <= isoDay).at(-1)?.percent ?? swissVatRates[0].percent;
}

export function vatKindFor(countryCode: string): VatKind {
  if (countryCode === 'CH' || countryCode === 'LI') return 'SWISS_VAT';
  if (euCountryCodes.has(countryCode)) return 'REVERSE_CHARGE';
  return 'EXPORT';
}

export function vatNumberRequired(countryCode: string): boolean {
  return vatKindFor(countryCode) === 'REVERSE_CHARGE';
}

/** Net, VAT and gross in minor units, at the rate in force on `isoDay` (default: today); VAT by `vatOnNet` (the currency changes nothing in the rule). */
export function totalsFor(
  netMinor: number,
  countryCode: string,
  isoDay: string = isoDateInZurich(),
  currency: Money['currency'] = 'CHF',
): { netMinor: number; vatRate: number; vatMinor: number; grossMinor: number; vatKind: VatKind } {
  const vatKind = vatKindFor(countryCode);
  const vatRate = vatKind === 'SWISS_VAT' ? swissVatRateOn(isoDay) : 0;
  const vatMinor = vatOnNet(money(netMinor, currency), vatRate).minor;
  return { netMinor, vatRate, vatMinor, grossMinor: netMinor + vatMinor, vatKind };
}
