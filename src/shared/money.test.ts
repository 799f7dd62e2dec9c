import { describe, expect, it } from 'vitest';
import { formatCartMoney, formatMoney, formatMoneyWithCode, minorWithCode, toMajor } from './money.ts';

describe('formatMoney (separators per currency)', () => {
  it.each([
    [1234.5, 'EUR', '1 234,50'],
    [1234.5, 'USD', '1 234.50'],
    [1234.5, 'CHF', "1'234.50"],
    [0, 'EUR', '0,00'],
    [0.05, 'CHF', '0.05'],
    [999.99, 'USD', '999.99'],
    [1000, 'CHF', "1'000.00"],
    [1234567.891, 'EUR', '1 234 567,89'],
    [-1234.5, 'CHF', "-1'234.50"],
    [49, 'EUR', '49,00'],
  ])('%d %s -> %s', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it.each(['GBP', 'eur', '', 'XYZ'])("throws 'Unsupported currency' for %j", (currency) => {
    expect(() => formatMoney(1, currency)).toThrowError('Unsupported currency');
    expect(() => formatCartMoney(1, currency)).toThrowError('Unsupported currency');
  });

  it('appends the code when asked', () => {
    expect(formatMoneyWithCode(1234.5, 'CHF')).toBe("1'234.50 CHF");
  });
});

describe('formatCartMoney (docs/decisions/004)', () => {
  it.each([
    [1234, 'CHF', "1'234.–"],
    [1234, 'EUR', '1 234,–'],
    [1234, 'USD', '1 234.–'],
    [1234.5, 'CHF', "1'234.50"],
    [0, 'EUR', '0,–'],
    [58.8, 'USD', '58.80'],
  ])('%d %s -> %s', (amount, currency, expected) => {
    expect(formatCartMoney(amount, currency)).toBe(expected);
  });

  it.each([
    [1234, 'CHF', "1'234"],
    [1234.4, 'EUR', '1 234'],
    [1234.5, 'USD', '1 235'],
    [1000000, 'CHF', "1'000'000"],
  ])('without decimals: %d %s -> %s', (amount, currency, expected) => {
    expect(formatCartMoney(amount, currency, { decimals: false })).toBe(expected);
  });
});

describe('toMajor', () => {
  it('turns minor units into major units', () => {
    expect(toMajor(123450)).toBe(1234.5);
    expect(toMajor(1)).toBe(0.01);
  });
});

describe('minorWithCode (history, audit and error texts)', () => {
  it('writes minor units with two decimals and the code, without grouping', () => {
    expect(minorWithCode(123450, 'CHF')).toBe('1234.50 CHF');
    expect(minorWithCode(1000, 'EUR')).toBe('10.00 EUR');
    expect(minorWithCode(-5, 'USD')).toBe('-0.05 USD');
  });
});
