import { parse } from 'csv-parse/sync';

/**
 * The back office's CSV exports read back by csv-parse, a third-party reader, in two ways:
 * strictly (quotes as RFC 4180 has them, every row as long as the first, a stray quote an
 * error), and as a spreadsheet program does that splits each line at its own separator
 * without minding quotes (the case of a `,` file opened where `;` is the separator).
 */

/** The rows of a CSV file, read strictly with `delimiter` between cells; the byte-order mark dropped. */
export function readCsv(text: string, delimiter: ',' | ';' = ','): string[][] {
  return parse(text, { bom: true, delimiter }) as string[][];
}

/** Every cell of a CSV file as a reader sees it that splits at `delimiter` and line breaks and takes quotes as text. */
export function cellsIgnoringQuotes(text: string, delimiter: ',' | ';'): string[] {
  return (parse(text, { bom: true, delimiter, quote: false, relax_column_count: true }) as string[][]).flat();
}

/** A cell a spreadsheet would run as a formula: it starts with `=`, `+`, `-`, `@`, a tab, a carriage return, or a full-width `＝`, `＋`, `－` or `＠`. */
export const isFormula = (cell: string): boolean => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell);
