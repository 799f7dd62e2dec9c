import type { Db } from '#server/db/client.ts';
import type { Currency, PaymentFrequency } from '#shared/locales.ts';
import { findPrice, findProducts, type ProductRow } from './catalog.repository.ts';

export type Product = ProductRow;

/** Products by code (active or not: a cart keeps showing a product that was withdrawn). */
export async function productsByCode(db: Db, codes: string[]): Promise<Map<string, Product>> {
  if (codes.length === 0) return new Map();
  return new Map((await findProducts(db, codes)).map((product) => [product.code, product]));
}

/** The current seat price of an active product, minor units; undefined when it is not sold. */
export function currentPrice(db: Db, productCode: string, paymentFrequency: PaymentFrequency, currency: Currency): Promise<number | undefined> {
  return findPrice(db, productCode, paymentFrequency, currency);
}
