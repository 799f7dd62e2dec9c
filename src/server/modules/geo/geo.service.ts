import { listCountries } from './countries.rules.ts';
import { locateVisitor } from './whereami.ts';

/** Countries and where a visitor is: from the country data and the offline GeoIP database. */
export function createGeoService() {
  return {
    /** Every ISO 3166-1 country, named in the given language and sorted by that name. */
    listCountries,
    /** The visitor's country: by address, else by Accept-Language, else Switzerland. */
    locateVisitor,
  };
}

export type GeoService = ReturnType<typeof createGeoService>;
