import type { VatKind } from '#shared/schemas/checkout.ts';
import { euCountryCodes } from '#shared/vat-numbers.ts';

/**
 * VAT by the invoice address country (docs/product/money-and-vat.md): Switzerland and
 * Liechtenstein 8.1 %; EU countries 0 % with reverse charge (the buyer accounts for it,
 * so its VAT number is required); everywhere else 0 % (export of services).
 */
const swissVatRatePercent = 8.1;

export function vatKindFor(countryCode: string): VatKind {
  if (countryCode === 'CH' || countryCode === 'LI') return 'SWISS_VAT';
  if (euCountryCodes.has(countryCode)) return 'REVERSE_CHARGE';
  return 'EXPORT';
}

export function vatNumberRequired(countryCode: string): boolean {
  return vatKindFor(countryCode) === 'REVERSE_CHARGE';
}

/** Net, VAT and gross in minor units; VAT rounded to the cent. */
export function totalsFor(netMinor: number, countryCode: string): { netMinor: number; vatRate: number; vatMinor: number; grossMinor: number; vatKind: VatKind } {
  const vatKind = vatKindFor(countryCode);
  const vatRate = vatKind === 'SWISS_VAT' ? swissVatRatePercent : 0;
  const vatMinor = Math.round((netMinor * vatRate) / 100);
  return { netMinor, vatRate, vatMinor, grossMinor: netMinor + vatMinor, vatKind };
}
