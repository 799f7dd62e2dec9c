/**
 * The CSV files the back office downloads (the orders export, the contacts, a webinar's
 * subscribers), written by one set of rules: UTF-8 with a byte-order mark (so spreadsheet
 * programs read the accents right), CRLF line ends, a header row in the asked language,
 * every text cell in quotes, and nothing a spreadsheet could run as a formula.
 *
 * The files are separated by `,`, while spreadsheet programs in Switzerland and Germany
 * split at `;`. Quotes keep a text with `;` in one cell for a reader that honours them;
 * one that splits the line at its own separator first starts a cell after every `;` (or
 * `,`, or line break) in a text. So a formula character is defused at the start of the
 * text and after each of these as well.
 */

/** Starts the file: spreadsheet programs take it as UTF-8 only with this mark. */
export const csvByteOrderMark = '\uFEFF';

/**
 * The characters that make a spreadsheet run a cell as a formula when the cell starts
 * with them: `=`, `+`, `-`, `@`, a tab, a carriage return, and the full-width `＝`, `＋`,
 * `－` and `＠` (U+FF1D, U+FF0B, U+FF0D, U+FF20), which spreadsheets with East Asian
 * input take as the plain ones.
 */
const formulaStart = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** The same right after a character at which some reader starts a new cell or row. */
const formulaAfterBreak = /([\t,;\r\n])(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * A value a spreadsheet should read as a number or a date, written without quotes
 * (`2025-03-02 00:30:00`, `1000,00`): only our own formatting makes one, never a text
 * someone typed.
 */
export interface CsvPlain {
  plain: string;
}

/** The cell separators a file can use: `,` by default, `;` where spreadsheets expect it. */
export type CsvSeparator = ',' | ';';

/**
 * One CSV cell: a text in quotes (its quotes doubled), with `'` before a formula
 * character at its start or after a separator or line break within it; a number as it
 * is; a plain value as it is unless it holds the separator; null empty.
 */
export function csvCell(value: string | number | CsvPlain | null, separator: CsvSeparator = ','): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return value.plain.includes(separator) ? `"${value.plain}"` : value.plain;
  const text = value.replace(formulaAfterBreak, "$1'").replace(formulaStart, "'$&");
  return `"${text.replace(/"/g, '""')}"`;
}

/** One row, ended by CRLF. */
export const csvLine = (cells: (string | number | CsvPlain | null)[], separator: CsvSeparator = ','): string =>
  `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;

/** A whole (small) file: the mark, the header row, the rows. */
export function csvDocument(header: string[], rows: (string | number | null)[][]): string {
  return `${csvByteOrderMark}${csvLine(header)}${rows.map((row) => csvLine(row)).join('')}`;
}
