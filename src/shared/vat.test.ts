import { describe, expect, it } from 'vitest';
import { money } from './money.ts';
import { creditNoteAmounts, rateBasisPoints, vatOnNet, vatTotalsOfLines } from './vat.ts';

const chf = (minor: number) => money(minor, 'CHF');

describe('the one VAT rule', () => {
  it('takes VAT on the net total, rounded half up to the cent, in integers', () => {
    expect(vatOnNet(chf(174_000), 8.1)).toEqual(chf(14_094));
    expect(vatOnNet(chf(5_880), 8.1)).toEqual(chf(476));
    // 0.5 cent rounds up: 50 × 7.7 % = 3.85 -> 4; 1 × 8.1 % = 0.081 -> 0.
    expect(vatOnNet(chf(50), 7.7)).toEqual(chf(4));
    expect(vatOnNet(chf(1), 8.1)).toEqual(chf(0));
    expect(vatOnNet(chf(10_000), 0)).toEqual(chf(0));
    expect(rateBasisPoints(8.1)).toBe(810);
  });

  it('adds the lines first and takes the VAT once, not per line', () => {
    // Per line 0.41 + 0.41 = 0.82; on the total 10.00 × 8.1 % = 0.81.
    expect(vatTotalsOfLines([chf(500), chf(500)], 'CHF', 8.1)).toEqual({ net: chf(1000), vat: chf(81), gross: chf(1081) });
  });
});

describe('a credit note by the same rule', () => {
  const left = { net: chf(100_000), vat: chf(8_100) };

  it('takes 10.27 VAT off 137.13 at 8.1 %, as the rule gives for its net 126.85, where a share of the gross gave 10.28', () => {
    const amounts = creditNoteAmounts(chf(13_713), 8.1, left);
    expect(amounts).toEqual({ net: chf(12_685), vat: chf(1_027), gross: chf(13_712) });
    expect(vatOnNet(amounts.net, 8.1)).toEqual(amounts.vat);
  });

  it('credits an amount the rule reaches exactly as asked', () => {
    expect(creditNoteAmounts(chf(1000), 8.1, left)).toEqual({ net: chf(925), vat: chf(75), gross: chf(1000) });
    expect(creditNoteAmounts(chf(1000), 0, left)).toEqual({ net: chf(1000), vat: chf(0), gross: chf(1000) });
  });

  it('takes exactly what is left when asked for the rest, and never more net or VAT than is left', () => {
    expect(creditNoteAmounts(chf(4_297), 8.1, { net: chf(3_975), vat: chf(322) })).toEqual({ net: chf(3_975), vat: chf(322), gross: chf(4_297) });
    expect(creditNoteAmounts(chf(8), 8.1, { net: chf(10), vat: chf(0) })).toEqual({ net: chf(7), vat: chf(0), gross: chf(7) });
  });
});
