import { countries as countryData } from 'countries-list';
import type { Language } from '#shared/locales.ts';
import { internationalPhone } from '#shared/phone.ts';

export interface Country {
  code: string;
  name: string;
  phoneCode: string;
}

const isoCodes = Object.keys(countryData).sort();
const cache = new Map<Language, Country[]>();

/** First calling code of a country as `+41`, or '' for the few places without one. */
function phoneCodeOf(code: string): string {
  const phone = countryData[code as keyof typeof countryData]?.phone ?? [];
  return phone.length > 0 ? `+${phone[0]}` : '';
}

/** Every ISO 3166-1 country, named in the given language and sorted by that name. */
export function listCountries(language: Language): Country[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const collator = new Intl.Collator(language);
  const list = isoCodes
    .map((code) => ({ code, name: names.of(code) ?? code, phoneCode: phoneCodeOf(code) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(language, list);
  return list;
}

/** The country of an ISO 3166-1 code, named in `language`; for the modules that check or name countries. */
export function findCountry(code: string, language: Language): Country | undefined {
  return listCountries(language).find((country) => country.code === code);
}

/** A stored phone number as it is shown everywhere, from its country's calling code: `+41 79 123 45 67`. */
export function printedPhone(countryCode: string | null | undefined, number: string | null | undefined): string | null {
  return internationalPhone(countryCode ? phoneCodeOf(countryCode) : undefined, countryCode, number);
}
