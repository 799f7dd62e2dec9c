import type { VatKind } from '#shared/schemas/checkout.ts';

/**
 * VAT by the invoice address country (DESIGN.md §3): Switzerland and Liechtenstein
 * 8.1 %; EU countries 0 % with reverse charge (the buyer accounts for it, so its VAT
 * number is required); everywhere else 0 % (export of services).
 */
export const swissVatRatePercent = 8.1;

export const euCountryCodes = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

export function vatKindFor(countryCode: string): VatKind {
  if (countryCode === 'CH' || countryCode === 'LI') return 'SWISS_VAT';
  if (euCountryCodes.has(countryCode)) return 'REVERSE_CHARGE';
  return 'EXPORT';
}

export function vatNumberRequired(countryCode: string): boolean {
  return vatKindFor(countryCode) === 'REVERSE_CHARGE';
}

/**
 * An EU VAT number: the country prefix (EL for Greece) followed by 2–13 letters or
 * digits; spaces, dots and dashes are ignored. The registers are not queried here.
 */
export function looksLikeEuVatNumber(vatNumber: string): boolean {
  return /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK)[0-9A-Z]{2,13}$/.test(
    vatNumber.toUpperCase().replace(/[\s.-]/g, ''),
  );
}

/** Net, VAT and gross in minor units; VAT rounded to the cent. */
export function totalsFor(netMinor: number, countryCode: string): { netMinor: number; vatRate: number; vatMinor: number; grossMinor: number; vatKind: VatKind } {
  const vatKind = vatKindFor(countryCode);
  const vatRate = vatKind === 'SWISS_VAT' ? swissVatRatePercent : 0;
  const vatMinor = Math.round((netMinor * vatRate) / 100);
  return { netMinor, vatRate, vatMinor, grossMinor: netMinor + vatMinor, vatKind };
}
