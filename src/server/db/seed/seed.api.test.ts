import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '#shared/catalog.ts';
import { isoDateInZurich, localDateTimeOf } from '#shared/dates.ts';
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
    // Every demo document has its PDF and cover in both languages.
    const files = await db.select().from(schema.downloadableFiles);
    expect(files.map((file) => `${file.code}/${file.language}`).sort()).toEqual(['guide/de-CH', 'guide/en-US', 'phishing-checklist/de-CH', 'phishing-checklist/en-US']);
    for (const file of files) {
      expect(file.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(file.coverSvg).toContain('<svg');
    }
  });

  it('renders the documents only when missing, and keeps what is stored', async () => {
    const { db } = t.database;
    const before = await db.select().from(schema.downloadableFiles);
    await db.delete(schema.downloadableFiles).where(eq(schema.downloadableFiles.code, 'phishing-checklist'));
    await seedDatabase(db);
    const after = await db.select().from(schema.downloadableFiles);
    expect(after).toHaveLength(before.length);
    const guide = (rows: typeof before) => rows.filter((row) => row.code === 'guide').map((row) => row.createdAt.getTime());
    expect(guide(after)).toEqual(guide(before));
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

  it('dates the demo webinars from the day of seeding, at 14:00 in Zurich, two in each language', async () => {
    const { db } = t.database;
    const rows = await db.select().from(schema.webinars).where(isNull(schema.webinars.deletedAt));
    expect(rows.map((row) => row.language).sort()).toEqual(['de-CH', 'de-CH', 'en-US', 'en-US']);
    const today = isoDateInZurich();
    for (const row of rows) {
      expect(row.startsAt.getTime()).toBeGreaterThan(Date.now());
      const local = localDateTimeOf(row.startsAt);
      expect(local.time, row.code).toBe('14:00');
      expect(local.date > today, row.code).toBe(true);
    }
  });

  it('adds no demo webinars to a table that has some, so a deleted one stays deleted', async () => {
    const { db } = t.database;
    const [first] = await db.select().from(schema.webinars).limit(1);
    await db.update(schema.webinars).set({ deletedAt: new Date() }).where(eq(schema.webinars.id, first?.id ?? ''));
    const before = await db.select().from(schema.webinars);
    await seedDatabase(db);
    expect(await db.select().from(schema.webinars)).toEqual(before);
  });
});
