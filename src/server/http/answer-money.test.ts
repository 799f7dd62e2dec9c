import { describe, expect, it } from 'vitest';
import { money } from '#shared/money.ts';
import { inMajorUnits } from './answer-money.ts';

describe('inMajorUnits', () => {
  it('turns every Money in an answer into major units, at any depth and in arrays', () => {
    const answer = {
      currency: 'CHF',
      totals: { net: money(12_685, 'CHF'), vatRate: 8.1, perMonth: null },
      items: [{ quantity: 3, unitPrice: money(490, 'CHF') }, { quantity: 1, unitPrice: money(-5, 'CHF') }],
    };
    expect(inMajorUnits(answer)).toEqual({
      currency: 'CHF',
      totals: { net: 126.85, vatRate: 8.1, perMonth: null },
      items: [{ quantity: 3, unitPrice: 4.9 }, { quantity: 1, unitPrice: -0.05 }],
    });
  });

  it('leaves what holds no money as it is, without copying it', () => {
    const answer = { id: 'a', at: new Date(0), list: [1, 'two', { minor: 1, currency: 'CHF', note: 'not money' }] };
    expect(inMajorUnits(answer)).toBe(answer);
  });
});
