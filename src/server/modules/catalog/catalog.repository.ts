import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { productPrices, products, productTranslations } from '#server/db/schema.ts';

export interface ProductRow {
  code: string;
  tier: string;
  active: boolean;
  translations: Record<string, { title: string; description: string }>;
}

export async function findProducts(db: Db, codes?: string[]): Promise<ProductRow[]> {
  const rows = await db
    .select({
      code: products.code,
      tier: products.tier,
      active: products.active,
      language: productTranslations.language,
      title: productTranslations.title,
      description: productTranslations.description,
    })
    .from(products)
    .leftJoin(productTranslations, eq(productTranslations.productCode, products.code))
    .where(codes ? inArray(products.code, codes) : undefined)
    .orderBy(asc(products.position));
  const byCode = new Map<string, ProductRow>();
  for (const row of rows) {
    const product = byCode.get(row.code) ?? { code: row.code, tier: row.tier, active: row.active, translations: {} };
    if (row.language && row.title !== null && row.description !== null) {
      product.translations[row.language] = { title: row.title, description: row.description };
    }
    byCode.set(row.code, product);
  }
  return [...byCode.values()];
}

export async function findPrice(db: Db, productCode: string, paymentFrequency: string, currency: string): Promise<number | undefined> {
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
