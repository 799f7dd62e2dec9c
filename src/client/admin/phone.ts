import { countries } from 'countries-list';

/**
 * A phone number as staff read and dial it anywhere: international form with the
 * country's calling code, `+41 44 668 18 00` (the forms store the country and the
 * national number apart, `CH` and `044 668 18 00`). A number already written with `+`
 * stays as it is; without a known country, the number as typed.
 */
export function internationalPhone(countryCode: string | null | undefined, number: string | null | undefined): string | null {
  const national = number?.trim();
  if (!national) return null;
  if (national.startsWith('+')) return national;
  const callingCode = countryCode ? countries[countryCode as keyof typeof countries]?.phone[0] : undefined;
  if (callingCode === undefined) return [countryCode, national].filter(Boolean).join(' ');
  // The trunk prefix (0 in most of Europe) is not dialled from abroad.
  return `+${callingCode} ${national.replace(/^0+/, '')}`;
}
