import type { Db } from '#server/db/client.ts';
import type { Currency, PaymentFrequency } from '#shared/locales.ts';
import { findPrice } from './catalog.repository.ts';

export function createCatalogService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /**
     * The current seat price of an active product, minor units; undefined when it is not
     * sold. Inside a transaction, pass it, so the price is read where the change happens.
     */
    currentPrice(productCode: string, paymentFrequency: PaymentFrequency, currency: Currency, tx: Db = db): Promise<number | undefined> {
      return findPrice(tx, productCode, paymentFrequency, currency);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
