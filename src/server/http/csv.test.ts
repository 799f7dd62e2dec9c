import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.ts';

describe('CSV cells', () => {
  it.each([
    ['Muster AG', 'Muster AG'],
    ['=1+1', "'=1+1"],
    ['+41 44', "'+41 44"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=A1,"x"', `"'=A1,""x"""`],
    [null, ''],
    [1234.5, '1234.5'],
  ])('%j → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('CSV documents', () => {
  it('start with the byte-order mark and end every line with CRLF', () => {
    expect(csvDocument(['Name', 'Firma'], [['Anna', '=Muster, AG'], ['Ben', null]])).toBe('\uFEFFName,Firma\r\nAnna,"\'=Muster, AG"\r\nBen,\r\n');
    expect(csvDocument(['Name'], [])).toBe('\uFEFFName\r\n');
  });
});
