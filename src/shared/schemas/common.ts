import { z } from 'zod';
import { currencies, languages } from '../locales.ts';

/** Payloads of the shared reference-data calls (countries, site keys, currencies, anti-forgery token). */
export const countrySchema = z.object({
  code: z.string().length(2),
  name: z.string(),
  phoneCode: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const siteKeySchema = z.object({ siteKey: z.string() });
export const currencyListSchema = z.array(z.enum(currencies));
export const xsrfTokenSchema = z.object({ token: z.string() });
export const languageQuerySchema = z.object({ language: z.enum(languages).optional() });
