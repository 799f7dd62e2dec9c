import { countries } from 'countries-list';
import { internationalPhone as withCallingCode } from '#shared/phone.ts';

/**
 * A phone number as staff read and dial it anywhere: international form with the
 * country's calling code, `+41 44 668 18 00` (src/shared/phone.ts). A number already
 * written with `+` stays as it is; without a known country, the number as typed.
 */
export function internationalPhone(countryCode: string | null | undefined, number: string | null | undefined): string | null {
  const callingCode = countryCode ? countries[countryCode as keyof typeof countries]?.phone[0] : undefined;
  return withCallingCode(callingCode === undefined ? undefined : String(callingCode), countryCode, number);
}
