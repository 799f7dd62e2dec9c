import { and, eq } from 'drizzle-orm';
import type { Currency } from '#shared/locales.ts';
import type { Db } from '#server/db/client.ts';
import { productPrices, products } from '#server/modules/catalog/catalog.schema.ts';

export async function findPrice(db: Db, productCode: string, paymentFrequency: string, currency: Currency): Promise<number | undefined> {
  const [row] = await db
    .select({ amountMinor: productPrices.amountMinor })
    .from(productPrices)
    .innerJoin(products, eq(products.code, productPrices.productCode))
    .where(
      and(
        eq(productPrices.productCode, productCode),
        eq(productPrices.paymentFrequency, paymentFrequency),
        eq(productPrices.currency, currency),
        eq(products.active, true),
      ),
    );
  return row?.amountMinor;
}
