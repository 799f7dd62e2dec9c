import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '#shared/catalog.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import * as schema from '../schema.ts';
import { seedDatabase } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seed', () => {
  it('loads the catalogue, topics, webinars and the free guide', async () => {
    const { db } = t.database;
    expect((await db.select().from(schema.products)).map((p) => p.code).sort()).toEqual(catalog.map((p) => p.code).sort());
    expect(await db.select().from(schema.productPrices)).toHaveLength(3 * 2 * 3);
    expect(await db.select().from(schema.productTranslations)).toHaveLength(3 * 2);
    expect((await db.select().from(schema.newsletterTopics)).length).toBeGreaterThan(0);
    expect((await db.select().from(schema.webinars)).length).toBeGreaterThan(0);
    expect(await db.select().from(schema.downloadables).where(eq(schema.downloadables.code, 'guide'))).toHaveLength(1);
  });

  it('is idempotent and keeps what staff changed', async () => {
    const { db } = t.database;
    await db
      .update(schema.productPrices)
      .set({ amountMinor: 12345 })
      .where(eq(schema.productPrices.productCode, 'cyber_security_training_basic_v1'));
    await seedDatabase(db);
    await seedDatabase(db);
    expect(await db.select().from(schema.productPrices)).toHaveLength(18);
    const basic = await db.select().from(schema.productPrices).where(eq(schema.productPrices.productCode, 'cyber_security_training_basic_v1'));
    expect(basic.every((price) => price.amountMinor === 12345)).toBe(true);
  });
});
