import { catalog } from '#shared/catalog.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { currencies, languages, paymentFrequencies } from '#shared/locales.ts';
import type { Db } from '../client.ts';
import * as schema from '../schema.ts';
import { demoDownloadables, demoWebinars, newsletterTopics } from './content.ts';
import { coverSvg } from './documents/cover-svg.ts';

/**
 * Loads the catalogue and the demo content. Safe to run at every start: existing rows
 * are left alone (ON CONFLICT DO NOTHING), so staff edits survive restarts; the demo
 * webinars, dated from the day of the first start, go only into an empty table.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(schema.products)
      .values(catalog.map((product, position) => ({ code: product.code, tier: product.tier, position })))
      .onConflictDoNothing();
    await tx
      .insert(schema.productTranslations)
      .values(
        catalog.flatMap((product) =>
          languages.map((language) => ({ productCode: product.code, language, ...product.translations[language] })),
        ),
      )
      .onConflictDoNothing();
    await tx
      .insert(schema.productPrices)
      .values(
        catalog.flatMap((product) =>
          paymentFrequencies.flatMap((paymentFrequency) =>
            currencies.map((currency) => ({
              productCode: product.code,
              paymentFrequency,
              currency,
              amountMinor: product.prices[paymentFrequency][currency],
            })),
          ),
        ),
      )
      .onConflictDoNothing();
    await tx
      .insert(schema.newsletterTopics)
      .values(newsletterTopics.map((topic, position) => ({ ...topic, position })))
      .onConflictDoNothing();
    // The demo webinars only into an empty table: a webinar staff deleted (its code free
    // again) stays deleted, and a later start adds none beside staff's own.
    const [anyWebinar] = await tx.select({ id: schema.webinars.id }).from(schema.webinars).limit(1);
    if (!anyWebinar) await tx.insert(schema.webinars).values(demoWebinars(isoDateInZurich())).onConflictDoNothing();
    await tx
      .insert(schema.downloadables)
      .values(demoDownloadables.map(({ code, position, titles, descriptions }) => ({ code, position, titles, descriptions })))
      .onConflictDoNothing();
  });
  await seedDownloadableFiles(db);
}

/**
 * The demo documents' PDFs and covers, rendered with pdfkit (a few tens of milliseconds
 * each) only when their row is missing: a first start makes them, later starts find them.
 * Outside the transaction above, so no lock is held while rendering.
 */
async function seedDownloadableFiles(db: Db): Promise<void> {
  const present = new Set(
    (await db.select({ code: schema.downloadableFiles.code, language: schema.downloadableFiles.language }).from(schema.downloadableFiles)).map(
      (row) => `${row.code}/${row.language}`,
    ),
  );
  const missing = demoDownloadables.flatMap((item) =>
    languages.filter((language) => !present.has(`${item.code}/${language}`)).map((language) => ({ item, language })),
  );
  if (missing.length === 0) return;
  // Loaded only here: pdfkit and its fonts cost a start that has nothing to render a few hundred milliseconds.
  const { renderDocumentPdf, boldTextWidth } = await import('./documents/document-pdf.ts');
  const rows = await Promise.all(
    missing.map(async ({ item, language }) => {
      const { fileName, document } = item.files[language];
      const { pdf, pageCount } = await renderDocumentPdf(document);
      return {
        code: item.code,
        language,
        fileName,
        contentType: 'application/pdf',
        content: pdf,
        pageCount,
        coverSvg: coverSvg({ title: item.titles[language], kicker: document.kicker, language }, boldTextWidth),
      };
    }),
  );
  await db.insert(schema.downloadableFiles).values(rows).onConflictDoNothing();
}

