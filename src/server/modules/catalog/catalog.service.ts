import type { Db } from '#server/db/client.ts';
import type { Currency, PaymentFrequency } from '#shared/locales.ts';
import { findPrice } from './catalog.repository.ts';

/** The current seat price of an active product, minor units; undefined when it is not sold. */
export function currentPrice(db: Db, productCode: string, paymentFrequency: PaymentFrequency, currency: Currency): Promise<number | undefined> {
  return findPrice(db, productCode, paymentFrequency, currency);
}
