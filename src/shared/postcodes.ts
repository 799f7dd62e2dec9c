/**
 * Postcodes by country, checked by their format so that an invoice (and the Swiss
 * QR-bill, which prints the debtor's postcode) never carries "ABCDE" for Zürich. The
 * table covers the countries buyers come from; every other country gets a loose rule
 * (letters, digits, spaces and dashes), since its format is not known here.
 */

interface PostcodeFormat {
  pattern: RegExp;
  example: string;
}

const fourDigits: PostcodeFormat = { pattern: /^\d{4}$/, example: '1234' };
const fiveDigits: PostcodeFormat = { pattern: /^\d{5}$/, example: '12345' };
const sixDigits: PostcodeFormat = { pattern: /^\d{6}$/, example: '123456' };
/** Written with a space after the third digit, often without it too. */
const threePlusTwo: PostcodeFormat = { pattern: /^\d{3} ?\d{2}$/, example: '123 45' };

const formats: Record<string, PostcodeFormat> = {
  // Four digits
  CH: { pattern: /^[1-9]\d{3}$/, example: '8001' },
  LI: { pattern: /^94(?:8[5-9]|9[0-8])$/, example: '9490' },
  AT: { pattern: /^[1-9]\d{3}$/, example: '1010' },
  BE: { pattern: /^[1-9]\d{3}$/, example: '1000' },
  DK: { pattern: /^[1-9]\d{3}$/, example: '2100' },
  LU: { pattern: /^(?:L-?)?\d{4}$/, example: '1234' },
  HU: { pattern: /^[1-9]\d{3}$/, example: '1051' },
  SI: { pattern: /^(?:SI-?)?[1-9]\d{3}$/, example: '1000' },
  BG: fourDigits,
  CY: fourDigits,
  NO: fourDigits,
  AU: fourDigits,
  NZ: fourDigits,
  ZA: fourDigits,
  LV: { pattern: /^(?:LV-?)?\d{4}$/, example: 'LV-1010' },
  // Five digits
  DE: fiveDigits,
  FR: fiveDigits,
  IT: fiveDigits,
  ES: { pattern: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28001' },
  FI: fiveDigits,
  EE: fiveDigits,
  HR: { pattern: /^[1-5]\d{4}$/, example: '10000' },
  LT: { pattern: /^(?:LT-?)?\d{5}$/, example: 'LT-01100' },
  MC: { pattern: /^980\d{2}$/, example: '98000' },
  SM: { pattern: /^4789\d$/, example: '47890' },
  VA: { pattern: /^00120$/, example: '00120' },
  TR: fiveDigits,
  UA: fiveDigits,
  MX: fiveDigits,
  // Five digits, written 3 + 2
  SE: threePlusTwo,
  CZ: threePlusTwo,
  SK: threePlusTwo,
  GR: threePlusTwo,
  // Others
  NL: { pattern: /^[1-9]\d{3} ?[A-Z]{2}$/, example: '1012 AB' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-950' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1000-001' },
  IE: { pattern: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/, example: 'D02 X285' },
  MT: { pattern: /^[A-Z]{3} ?\d{4}$/, example: 'VLT 1117' },
  IS: { pattern: /^\d{3}$/, example: '101' },
  RO: sixDigits,
  RU: sixDigits,
  IN: sixDigits,
  CN: sixDigits,
  SG: sixDigits,
  // The British format (outward code, space, inward code), GIR 0AA included.
  GB: { pattern: /^(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/, example: 'SW1A 1AA' },
  US: { pattern: /^\d{5}(?:-\d{4})?$/, example: '10001' },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, example: 'K1A 0B1' },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: '100-0001' },
  BR: { pattern: /^\d{5}-?\d{3}$/, example: '01000-000' },
};

/** Any other country: one to twelve letters, digits, spaces or dashes, starting with a letter or digit. */
const loose: PostcodeFormat = { pattern: /^[A-Z0-9][A-Z0-9 -]{0,11}$/, example: '12345' };

/** Upper case, single spaces, no spaces around dashes: how the rules above read a postcode. */
function normalizePostcode(postcode: string): string {
  return postcode.trim().toUpperCase().replace(/\s+/g, ' ').replace(/\s*-\s*/g, '-');
}

/** What is wrong with a postcode in `countryCode` (an example of the expected form), or null when it fits. */
export function postcodeProblem(countryCode: string, postcode: string): { example: string } | null {
  const format = formats[countryCode.toUpperCase()] ?? loose;
  return format.pattern.test(normalizePostcode(postcode)) ? null : { example: format.example };
}
