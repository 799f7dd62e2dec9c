import { describe, expect, it } from 'vitest';
import { totalsFor, vatKindFor, vatNumberRequired } from './vat.ts';

describe('VAT by invoice country', () => {
  it.each([
    ['CH', 'SWISS_VAT'],
    ['LI', 'SWISS_VAT'],
    ['DE', 'REVERSE_CHARGE'],
    ['AT', 'REVERSE_CHARGE'],
    ['FR', 'REVERSE_CHARGE'],
    ['US', 'EXPORT'],
    ['GB', 'EXPORT'],
    ['NO', 'EXPORT'],
  ])('%s -> %s', (country, kind) => {
    expect(vatKindFor(country)).toBe(kind);
    expect(vatNumberRequired(country)).toBe(kind === 'REVERSE_CHARGE');
  });

  it('adds 8.1 % in Switzerland, rounded to the cent', () => {
    expect(totalsFor(174_000, 'CH')).toEqual({ netMinor: 174_000, vatRate: 8.1, vatMinor: 14_094, grossMinor: 188_094, vatKind: 'SWISS_VAT' });
    expect(totalsFor(5_880, 'LI').vatMinor).toBe(476);
  });

  it('adds nothing for reverse charge and export', () => {
    expect(totalsFor(10_000, 'DE')).toMatchObject({ vatRate: 0, vatMinor: 0, grossMinor: 10_000 });
    expect(totalsFor(10_000, 'US')).toMatchObject({ vatRate: 0, vatMinor: 0, grossMinor: 10_000, vatKind: 'EXPORT' });
  });

});
