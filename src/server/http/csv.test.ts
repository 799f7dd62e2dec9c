import { describe, expect, it } from 'vitest';
import { cellsIgnoringQuotes, isFormula, readCsv } from '../../../tests/helpers/csv.ts';
import { csvCell, csvDocument } from './csv.ts';

describe('CSV cells', () => {
  it.each([
    ['Muster AG', '"Muster AG"'],
    ['=1+1', `"'=1+1"`],
    ['+41 44', `"'+41 44"`],
    ['-5', `"'-5"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tTab', `"'\tTab"`],
    // A reader that starts a row at the carriage return finds the `=` defused too.
    ['\r=1+1', `"'\r'=1+1"`],
    ['\uFF1D1+1', `"'\uFF1D1+1"`],
    ['\uFF0B41 44', `"'\uFF0B41 44"`],
    ['\uFF0D5', `"'\uFF0D5"`],
    ['\uFF20SUM(A1)', `"'\uFF20SUM(A1)"`],
    ['Muster AG;\uFF1D1+1', `"Muster AG;'\uFF1D1+1"`],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=A1,"x"', `"'=A1,""x"""`],
    ['Muster AG;=1+1;x', `"Muster AG;'=1+1;x"`],
    ['', '""'],
    [null, ''],
    [1234.5, '1234.5'],
  ])('%j → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

/** Texts that break an unquoted cell or start a formula, and what a reader must get back for each. */
const tricky: [string, string][] = [
  ['Muster AG;=1+1;x', "Muster AG;'=1+1;x"],
  ['=HYPERLINK("https://evil.example")', `'=HYPERLINK("https://evil.example")`],
  ['Comma, "Quote" AG', 'Comma, "Quote" AG'],
  ['a;b,c', 'a;b,c'],
  ['x,+1;-2', "x,'+1;'-2"],
  ['two\nlines', 'two\nlines'],
  ['first\r\n@line', "first\r\n'@line"],
  ['\uFF1DHYPERLINK("https://evil.example")', `'\uFF1DHYPERLINK("https://evil.example")`],
  ['x;\uFF0B1,\uFF0D2;\uFF20A1', "x;'\uFF0B1,'\uFF0D2;'\uFF20A1"],
  ['\tcell', "'\tcell"],
  ['a;\r=1', "a;'\r'=1"],
  ['say "hi"; "bye"', 'say "hi"; "bye"'],
  ['Zürich; 8001', 'Zürich; 8001'],
  ['', ''],
];

describe('CSV documents', () => {
  it('start with the byte-order mark and end every line with CRLF', () => {
    expect(csvDocument(['Name', 'Firma'], [['Anna', '=Muster, AG'], ['Ben', null]])).toBe('\uFEFF"Name","Firma"\r\n"Anna","\'=Muster, AG"\r\n"Ben",\r\n');
    expect(csvDocument(['Name'], [])).toBe('\uFEFF"Name"\r\n');
  });

  it('read back by a strict CSV reader, with `,` as the separator, give every cell its text', () => {
    const file = csvDocument(
      ['Name', 'Firma', 'Zahl'],
      tricky.map(([text], index) => [`Person ${index}`, text, index]),
    );
    expect(readCsv(file, ',')).toEqual([['Name', 'Firma', 'Zahl'], ...tricky.map(([, read], index) => [`Person ${index}`, read, String(index)])]);
  });

  it('keep a text in one cell whether the reader splits at `;` or at `,`', () => {
    const file = csvDocument(
      ['Firma'],
      tricky.map(([text]) => [text]),
    );
    const expected = [['Firma'], ...tricky.map(([, read]) => [read])];
    expect(readCsv(file, ';')).toEqual(expected);
    expect(readCsv(file, ',')).toEqual(expected);
  });

  it('start no formula where a reader that ignores the quotes starts a cell', () => {
    const file = csvDocument(
      ['Name', 'Firma'],
      tricky.map(([text]) => ['Anna', text]),
    );
    for (const separator of [';', ','] as const) {
      const cells = cellsIgnoringQuotes(file, separator);
      expect(cells.length).toBeGreaterThan(tricky.length);
      expect(cells.filter(isFormula)).toEqual([]);
    }
  });
});
