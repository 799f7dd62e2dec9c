/**
 * Phone numbers: the forms take the country (`CH`) and the national number apart
 * (`079 123 45 67`); the number is stored once normalised, without the trunk prefix
 * (`79 123 45 67`), and shown everywhere in its international form, `+41 79 123 45 67`.
 * Numbers stored before keep their 0: they are shown the same way.
 */

/** Countries whose numbers keep their leading 0 when dialled from abroad: Italy, San Marino, the Vatican. */
const keepsLeadingZero = new Set(['IT', 'SM', 'VA']);

/** The national number as stored: one space between its groups (dashes too), without the trunk prefix 0. */
export function nationalPhoneNumber(countryCode: string | null | undefined, number: string): string {
  const grouped = number.trim().replace(/[\s-]+/g, ' ');
  return countryCode && keepsLeadingZero.has(countryCode) ? grouped : grouped.replace(/^0+\s*/, '');
}

/**
 * The number in international form, from the country's calling code (`+41` or `41`):
 * `+41 79 123 45 67`. Without a calling code, the country and the number as stored.
 */
export function internationalPhone(callingCode: string | undefined, countryCode: string | null | undefined, number: string | null | undefined): string | null {
  const national = number?.trim();
  if (!national) return null;
  // An older record may hold the whole number with its `+`.
  if (national.startsWith('+')) return national;
  const code = callingCode?.replace(/^\+/, '');
  if (!code) return [countryCode, national].filter(Boolean).join(' ');
  return `+${code} ${nationalPhoneNumber(countryCode, national)}`;
}
