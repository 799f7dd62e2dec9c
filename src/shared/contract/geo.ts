import { z } from 'zod';
import type { Calls } from '../contract.ts';
import { countrySchema, languageQuerySchema } from '../schemas/common.ts';

/** Countries and the visitor's country, reference data of the forms (src/server/modules/geo/geo.routes.ts). */
export const geoCalls = {
  countries: {
    method: 'GET',
    path: '/country/',
    query: languageQuerySchema,
    answer: z.array(countrySchema),
    summary: 'Every ISO country with its name in the request language and its phone code',
  },
  visitorCountry: {
    method: 'GET',
    path: '/geolocation/whereami/country',
    query: languageQuerySchema,
    answer: countrySchema,
    summary: "The visitor's country, from the client address (offline GeoIP), else Accept-Language, else CH",
  },
} as const satisfies Calls;
