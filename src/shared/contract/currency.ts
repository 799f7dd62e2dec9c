import type { Calls } from '../contract.ts';
import { currencyListSchema } from '../schemas/common.ts';

/** The currencies (src/server/modules/currency/currency.routes.ts). */
export const currencyCalls = {
  currencies: {
    method: 'GET',
    path: '/currency/available-currencies',
    answer: currencyListSchema,
    summary: 'The currency codes the shop sells in',
  },
} as const satisfies Calls;
