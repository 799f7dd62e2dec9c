import { describe, expect, it } from 'vitest';
import {
  addMoney,
  allocateMoney,
  compareMoney,
  formatCartMoney,
  formatMoney,
  formatMoneyWithCode,
  majorOf,
  minorWithCode,
  money,
  moneyOfMajor,
  prorateMoney,
  shareOfMoney,
  subtractMoney,
  sumMoney,
  timesMoney,
  toMajor,
  zeroMoney,
} from './money.ts';

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

describe('Money (integer minor units with their currency)', () => {
  const chf = (minor: number) => money(minor, 'CHF');

  it('adds, subtracts, multiplies by whole counts and sums in one currency', () => {
    expect(addMoney(chf(1050), chf(25))).toEqual(chf(1075));
    expect(subtractMoney(chf(1050), chf(2000))).toEqual(chf(-950));
    expect(timesMoney(chf(4900), 12)).toEqual(chf(58_800));
    expect(sumMoney('CHF', [chf(1), chf(2), chf(3)])).toEqual(chf(6));
    expect(sumMoney('EUR', [])).toEqual(zeroMoney('EUR'));
  });

  it('refuses to mix currencies, fractions of a minor unit and fractional counts', () => {
    expect(() => addMoney(chf(1), money(1, 'EUR'))).toThrow('CHF and EUR');
    expect(() => compareMoney(chf(1), money(1, 'USD'))).toThrow();
    expect(() => money(10.5, 'CHF')).toThrow('integer');
    expect(() => timesMoney(chf(100), 1.5)).toThrow('whole');
  });

  it('prorates by days with one rounding, half up', () => {
    expect(prorateMoney(chf(3100), 10, 31)).toEqual(chf(1000));
    expect(prorateMoney(chf(1000), 1, 3)).toEqual(chf(333));
    expect(prorateMoney(chf(1000), 2, 3)).toEqual(chf(667));
    expect(shareOfMoney(chf(5), 1, 2)).toEqual(chf(3));
    expect(shareOfMoney(chf(-5), 1, 2)).toEqual(chf(-2));
  });

  it('allocates without losing a minor unit', () => {
    expect(allocateMoney(chf(1000), [1, 1, 1])).toEqual([chf(334), chf(333), chf(333)]);
    expect(allocateMoney(chf(5), [3, 7])).toEqual([chf(2), chf(3)]);
    expect(allocateMoney(chf(100), [0, 1])).toEqual([chf(0), chf(100)]);
  });

  it('compares', () => {
    expect(compareMoney(chf(1), chf(2))).toBe(-1);
    expect(compareMoney(chf(2), chf(2))).toBe(0);
    expect(compareMoney(chf(3), chf(2))).toBe(1);
  });

  it('crosses to major units only at its two edges', () => {
    expect(majorOf(chf(123_456))).toBe(1234.56);
    expect(moneyOfMajor(52.97, 'CHF')).toEqual(chf(5297));
    expect(moneyOfMajor(0.1 + 0.2, 'EUR')).toEqual(money(30, 'EUR'));
  });
});
