import type { Language } from '#shared/locales.ts';

/**
 * A document of the downloadable content (the free guide, the checklist) as data: a
 * title page and sections of headings, paragraphs, lists, checklists and call-outs.
 * `document-pdf.ts` lays it out as an A4 PDF; `cover-svg.ts` draws its cover.
 *
 * Texts are drawn with pdfkit's built-in Helvetica, which writes Windows-1252: letters
 * with accents, «», „“, – and … are fine; arrows, check marks and emoji are not.
 */
export type DocumentBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'checklist'; items: string[] }
  | { kind: 'callout'; title: string; text: string }
  /** The next block starts on a new page. */
  | { kind: 'pageBreak' };

export interface DocumentContent {
  language: Language;
  title: string;
  subtitle: string;
  /** A short line above the title: `Free guide`. */
  kicker: string;
  /** Printed on the title page under the subtitle. */
  edition: string;
  /** A paragraph on the title page. */
  summary: string;
  /** Running footer: `Page {page} of {pages}`. */
  pageLabel: string;
  /** Whether the body starts on a page of its own after the title page. */
  titlePage: boolean;
  blocks: DocumentBlock[];
  /** A closing line at the end: the company's contact. */
  closing: string;
}
