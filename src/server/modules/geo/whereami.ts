import { createRequire } from 'node:module';
import type { Language } from '#shared/locales.ts';
import { findCountry, type Country } from './countries.rules.ts';

const require = createRequire(import.meta.url);
type GeoipLookup = (ip: string) => { country: string } | null;
let lookup: GeoipLookup | undefined;

/** The offline GeoIP database is loaded on first use, not at start: it takes a while. */
function geoipLookup(): GeoipLookup {
  lookup ??= (require('geoip-country') as { lookup: GeoipLookup }).lookup;
  return lookup;
}

/** Region of the first Accept-Language tag that names one: `de-CH` -> CH. */
function regionFromAcceptLanguage(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim();
    if (!tag) continue;
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // not a language tag; try the next one
    }
  }
  return undefined;
}

/**
 * The visitor's country: from the client address with the offline GeoIP database;
 * loopback, private and unknown addresses fall back to the Accept-Language region,
 * then to Switzerland.
 */
export function locateVisitor(ip: string, acceptLanguage: string | undefined, language: Language): Country {
  const byAddress = geoipLookup()(ip)?.country;
  for (const code of [byAddress, regionFromAcceptLanguage(acceptLanguage), 'CH']) {
    const country = code ? findCountry(code, language) : undefined;
    if (country) return country;
  }
  throw new Error('Switzerland is missing from the country list');
}
