import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, bytea } from '#server/db/columns.ts';

/**
 * Downloadable content and its files (docs/product/downloadables.md).
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

/**
 * Downloadable content (docs/product/downloadables.md), owned by the downloadables module: the
 * free guide and other documents, sent as a signed link by e-mail. `code` appears in
 * addresses (`/app/downloadable-content/{code}/{language}`); title and description are
 * per language. The files are in `downloadable_files`, one per language.
 */
export const downloadables = pgTable('downloadables', {
  code: text('code').primaryKey(),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
  descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
  /** Order in lists (smaller first). */
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

/** A downloadable's document in one language (a PDF), its page count and its cover image (SVG). */
export const downloadableFiles = pgTable(
  'downloadable_files',
  {
    code: text('code')
      .notNull()
      .references(() => downloadables.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    language: text('language').notNull(),
    /** The name the browser saves it under: `cybersecurity-guide.pdf`. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    content: bytea('content').notNull(),
    pageCount: integer('page_count').notNull(),
    /** The cover as a standalone SVG document, in this language. */
    coverSvg: text('cover_svg').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.code, t.language] })],
);
