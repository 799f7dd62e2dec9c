import { describe, expect, it } from 'vitest';
import { company } from './company.ts';
import { formatVatNumber, isEuVatNumberOf, swissUidCheckDigitMatches, vatNumberProblem } from './vat-numbers.ts';

describe('VAT numbers by invoice country', () => {
  it.each([
    ['CH', 'CHE-116.281.710 MWST'],
    ['CH', 'CHE-105.829.940'],
    ['CH', 'che 106 227 264 tva'],
    ['CH', 'CHE116138136IVA'],
    ['LI', 'CHE-116.281.710 MWST'],
    ['LI', '51234'],
    ['AT', 'ATU13585627'],
    ['BE', 'BE0403170701'],
    ['BG', 'BG175074752'],
    ['CY', 'CY10259033P'],
    ['CZ', 'CZ25123891'],
    ['DE', 'DE129273398'],
    ['DE', 'de 129 273 398'],
    ['DK', 'DK13585628'],
    ['EE', 'EE100247019'],
    ['ES', 'ESA28015865'],
    ['ES', 'ES12345678Z'],
    ['FI', 'FI20774740'],
    ['FR', 'FR40303265045'],
    ['FR', 'FRK7399859412'],
    ['GR', 'EL094259216'],
    ['HR', 'HR33392005961'],
    ['HU', 'HU10597190'],
    ['IE', 'IE6388047V'],
    ['IE', 'IE3628739UA'],
    ['IT', 'IT00743110157'],
    ['LT', 'LT119511515'],
    ['LU', 'LU15027442'],
    ['LV', 'LV40003521600'],
    ['MT', 'MT11679112'],
    ['NL', 'NL004495445B01'],
    ['PL', 'PL5260250274'],
    ['PT', 'PT501964843'],
    ['RO', 'RO18547290'],
    ['SE', 'SE556703748501'],
    ['SI', 'SI50223054'],
    ['SK', 'SK2020317068'],
    ['GB', 'GB 980 7806 84'],
    ['US', '12-3456789'],
  ])('%s accepts %s', (country, vatNumber) => {
    expect(vatNumberProblem(country, vatNumber)).toBeNull();
  });

  it.each([
    ['DE', 'DE12', 'DE123456789'],
    ['DE', '129273398', 'DE123456789'],
    ['DE', 'ATU13585627', 'DE123456789'],
    ['DE', 'DE1292733981', 'DE123456789'],
    ['AT', 'AT13585627', 'ATU12345678'],
    ['BE', 'BE403170701', 'BE0123456789'],
    ['FR', 'FRI0303265045', 'FR12345678901'],
    ['GR', 'GR094259216', 'EL123456789'],
    ['NL', 'NL004495445', 'NL123456789B01'],
    ['SE', 'SE5567037485', 'SE123456789001'],
    ['ES', 'ES123456789', 'ESA1234567B'],
    ['IT', 'IT0074311015', 'IT12345678901'],
    ['PL', 'PL526-025-02-7', 'PL1234567890'],
    ['CH', 'CHE-116.281.71', 'CHE-123.456.788 MWST'],
    ['CH', 'DE129273398', 'CHE-123.456.788 MWST'],
    ['US', 'n/a', 'GB123456789'],
  ])('%s refuses %s, showing %s', (country, vatNumber, example) => {
    expect(vatNumberProblem(country, vatNumber)).toEqual({ reason: 'format', example });
  });

  it('checks the MOD 11 check digit of Swiss numbers', () => {
    expect(vatNumberProblem('CH', 'CHE-116.281.711')).toEqual({ reason: 'checkDigit' });
    expect(vatNumberProblem('CH', 'CHE-123.456.789 MWST')).toEqual({ reason: 'checkDigit' });
    // Eight digits whose weighted sum leaves a remainder of 1 would need the check digit 10: never issued.
    expect(swissUidCheckDigitMatches('109832250')).toBe(false);
    expect(vatNumberProblem('LI', 'CHE-116.281.711')).toEqual({ reason: 'checkDigit' });
  });

  it("keeps the company's own number valid", () => {
    expect(vatNumberProblem('CH', company.vatNumber)).toBeNull();
    expect(vatNumberProblem('CH', company.uid)).toBeNull();
  });

  it('grants reverse charge only to a well-formed number of that EU country', () => {
    expect(isEuVatNumberOf('DE', 'DE129273398')).toBe(true);
    expect(isEuVatNumberOf('DE', 'DE12')).toBe(false);
    expect(isEuVatNumberOf('AT', 'DE129273398')).toBe(false);
    expect(isEuVatNumberOf('CH', 'CHE-116.281.710')).toBe(false);
  });

  it('writes numbers as invoices print them', () => {
    expect(formatVatNumber('DE', 'de 129.273.398')).toBe('DE129273398');
    expect(formatVatNumber('CH', 'che116281710')).toBe('CHE-116.281.710 MWST');
    expect(formatVatNumber('CH', 'CHE 116 281 710 TVA')).toBe('CHE-116.281.710 TVA');
  });
});
