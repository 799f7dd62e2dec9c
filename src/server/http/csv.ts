/**
 * The CSV files the back office downloads (the orders export, a webinar's subscribers),
 * written by one set of rules: UTF-8 with a byte-order mark (so spreadsheet programs
 * read the accents right), CRLF line ends, a header row in the asked language, and cells
 * that a spreadsheet cannot run as formulas.
 */

/** Starts the file: spreadsheet programs take it as UTF-8 only with this mark. */
export const csvByteOrderMark = '\uFEFF';

/**
 * One CSV cell: text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
 * carriage return first) is prefixed with `'`; a cell with a comma, quote or line break
 * is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row, ended by CRLF. */
export const csvLine = (cells: (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole (small) file: the mark, the header row, the rows. */
export function csvDocument(header: string[], rows: (string | number | null)[][]): string {
  return `${csvByteOrderMark}${csvLine(header)}${rows.map(csvLine).join('')}`;
}
