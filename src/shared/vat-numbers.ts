/**
 * VAT numbers by the invoice country, checked by their published format (and, for
 * Switzerland, by the MOD 11 check digit of the UID). The registers themselves (VIES, the
 * Swiss UID register) are not queried: a well-formed number is what reverse charge needs
 * at order time; the accounting checks the register.
 *
 * Shared by the checkout form and the server, so both refuse the same numbers with the
 * same text.
 */

/** The EU member states; an invoice address there is billed with reverse charge. */
export const euCountryCodes: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

interface VatFormat {
  /** The prefix written before the number: the country code, except EL for Greece. */
  prefix: string;
  /** The part after the prefix, without spaces, dots and dashes. */
  body: RegExp;
  example: string;
}

/**
 * The formats of the EU member states, as the European Commission's VIES help lists
 * them. Each number starts with its country's prefix.
 */
const euFormats: Record<string, VatFormat> = {
  AT: { prefix: 'AT', body: /^U\d{8}$/, example: 'ATU12345678' },
  BE: { prefix: 'BE', body: /^[01]\d{9}$/, example: 'BE0123456789' },
  BG: { prefix: 'BG', body: /^\d{9,10}$/, example: 'BG123456789' },
  CY: { prefix: 'CY', body: /^\d{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { prefix: 'CZ', body: /^\d{8,10}$/, example: 'CZ12345678' },
  DE: { prefix: 'DE', body: /^\d{9}$/, example: 'DE123456789' },
  DK: { prefix: 'DK', body: /^\d{8}$/, example: 'DK12345678' },
  EE: { prefix: 'EE', body: /^\d{9}$/, example: 'EE123456789' },
  ES: { prefix: 'ES', body: /^(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/, example: 'ESA1234567B' },
  FI: { prefix: 'FI', body: /^\d{8}$/, example: 'FI12345678' },
  FR: { prefix: 'FR', body: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, example: 'FR12345678901' },
  GR: { prefix: 'EL', body: /^\d{9}$/, example: 'EL123456789' },
  HR: { prefix: 'HR', body: /^\d{11}$/, example: 'HR12345678901' },
  HU: { prefix: 'HU', body: /^\d{8}$/, example: 'HU12345678' },
  IE: { prefix: 'IE', body: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567T' },
  IT: { prefix: 'IT', body: /^\d{11}$/, example: 'IT12345678901' },
  LT: { prefix: 'LT', body: /^(?:\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { prefix: 'LU', body: /^\d{8}$/, example: 'LU12345678' },
  LV: { prefix: 'LV', body: /^\d{11}$/, example: 'LV12345678901' },
  MT: { prefix: 'MT', body: /^\d{8}$/, example: 'MT12345678' },
  NL: { prefix: 'NL', body: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { prefix: 'PL', body: /^\d{10}$/, example: 'PL1234567890' },
  PT: { prefix: 'PT', body: /^\d{9}$/, example: 'PT123456789' },
  RO: { prefix: 'RO', body: /^[1-9]\d{1,9}$/, example: 'RO1234567890' },
  SE: { prefix: 'SE', body: /^\d{10}01$/, example: 'SE123456789001' },
  SI: { prefix: 'SI', body: /^[1-9]\d{7}$/, example: 'SI12345678' },
  SK: { prefix: 'SK', body: /^[1-9]\d{9}$/, example: 'SK1234567890' },
};

/** A Swiss VAT number: the UID, optionally followed by the register's suffix in any national language. */
const swissPattern = /^CHE(\d{9})(?:MWST|TVA|IVA|VAT)?$/;
const swissExample = 'CHE-123.456.788 MWST';
/** Elsewhere: letters and digits with at least two digits, as tax numbers vary too much to know them all. */
const loosePattern = /^(?=(?:[A-Z]*\d){2})[A-Z0-9]{4,20}$/;
const looseExample = 'GB123456789';

export type VatNumberProblem = { reason: 'format'; example: string } | { reason: 'checkDigit' };

/** Upper case, without the spaces, dots, dashes and slashes people write between groups. */
function compactVatNumber(vatNumber: string): string {
  return vatNumber.toUpperCase().replace(/[\s.\-/]/g, '');
}

/**
 * The check digit of a Swiss UID: the ninth digit is 11 minus the weighted sum (weights
 * 5 4 3 2 7 6 5 4) of the first eight modulo 11, and 0 for 11; a remainder that would
 * give 10 is never issued.
 */
export function swissUidCheckDigitMatches(nineDigits: string): boolean {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(nineDigits[index]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(nineDigits[8]);
}

/**
 * What is wrong with a VAT number for an invoice address in `countryCode`, or null when
 * it is well-formed. EU numbers must carry the prefix of that very country.
 */
export function vatNumberProblem(countryCode: string, vatNumber: string): VatNumberProblem | null {
  const compact = compactVatNumber(vatNumber);
  const country = countryCode.toUpperCase();
  const eu = euFormats[country];
  if (eu) {
    const ok = compact.startsWith(eu.prefix) && eu.body.test(compact.slice(eu.prefix.length));
    return ok ? null : { reason: 'format', example: eu.example };
  }
  if (country === 'CH') {
    const match = swissPattern.exec(compact);
    if (!match?.[1]) return { reason: 'format', example: swissExample };
    return swissUidCheckDigitMatches(match[1]) ? null : { reason: 'checkDigit' };
  }
  // Liechtenstein companies may hold a Swiss UID; then its check digit counts too.
  const swiss = swissPattern.exec(compact);
  if (swiss?.[1]) return swissUidCheckDigitMatches(swiss[1]) ? null : { reason: 'checkDigit' };
  return loosePattern.test(compact) ? null : { reason: 'format', example: looseExample };
}

/** Whether the number is a well-formed VAT number of the EU member state `countryCode` (the condition of reverse charge). */
export function isEuVatNumberOf(countryCode: string, vatNumber: string): boolean {
  return euCountryCodes.has(countryCode.toUpperCase()) && vatNumberProblem(countryCode, vatNumber) === null;
}

/**
 * The number as invoices print it: Swiss ones as `CHE-123.456.788 MWST` (the suffix kept
 * as given, MWST when none), all others in their compact form `DE123456789`. Only for
 * numbers without a problem.
 */
export function formatVatNumber(countryCode: string, vatNumber: string): string {
  const compact = compactVatNumber(vatNumber);
  const swiss = /^CHE(\d{3})(\d{3})(\d{3})(MWST|TVA|IVA|VAT)?$/.exec(compact);
  if (swiss && (countryCode === 'CH' || countryCode === 'LI')) return `CHE-${swiss[1]}.${swiss[2]}.${swiss[3]} ${swiss[4] ?? 'MWST'}`;
  return compact;
}
