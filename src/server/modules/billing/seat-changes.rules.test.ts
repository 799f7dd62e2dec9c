import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysFrom } from '#shared/dates.ts';
import { currencies, type Currency } from '#shared/locales.ts';
import { money } from '#shared/money.ts';
import { periodOnDay, seatChangeFigures } from './seat-changes.rules.ts';
import { seatsChangedMail, type SeatsChangedPayload } from './seat-changes.mails.ts';

const swiss = { address: { countryCode: 'CH' } };

describe('the running period of a plan', () => {
  it('is the calendar period holding the day, clamped at month ends as the billing job bills', () => {
    expect(periodOnDay('2025-01-31', '2025-01-31')).toEqual({ index: 0, start: '2025-01-31', end: '2025-02-28' });
    expect(periodOnDay('2025-01-31', '2025-02-27')).toEqual({ index: 0, start: '2025-01-31', end: '2025-02-28' });
    expect(periodOnDay('2025-01-31', '2025-02-28')).toEqual({ index: 1, start: '2025-02-28', end: '2025-03-31' });
    expect(periodOnDay('2024-01-31', '2024-03-15')).toEqual({ index: 1, start: '2024-02-29', end: '2024-03-31' });
    expect(periodOnDay('2025-04-30', '2026-01-05')).toEqual({ index: 8, start: '2025-12-30', end: '2026-01-30' });
  });

  it('holds any day on or after the plan started', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 800 }), (anchorOffset, daysOn) => {
        const anchor = addDays('2024-01-01', anchorOffset);
        const day = addDays(anchor, daysOn);
        const period = periodOnDay(anchor, day);
        expect(period.start <= day && day < period.end).toBe(true);
        expect(period.start).toBe(addMonths(anchor, period.index));
      }),
    );
  });
});

describe('the figures of a seat change', () => {
  it('bill the added seats × price × days left incl. today ÷ days of the period, rounded once, with VAT', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Currency>(...currencies),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 400 }),
        (currency, unitPriceMinor, current, added, daysOn) => {
          const anchor = '2025-01-31';
          const today = addDays(anchor, daysOn);
          const figures = seatChangeFigures({ subscribedFrom: anchor, today, currency, invoiceInfo: swiss, line: { quantity: current, unitPriceMinor, pendingQuantity: null }, otherMonthlyNet: money(0, currency), seats: current + added })!;
          const period = periodOnDay(anchor, today);
          const exact = (unitPriceMinor * added * daysFrom(today, period.end)) / daysFrom(period.start, period.end);
          expect(Math.abs(figures.prorated!.net.minor - exact)).toBeLessThanOrEqual(0.5);
          expect(figures.prorated!.gross.minor).toBe(figures.prorated!.net.minor + figures.prorated!.vat.minor);
          expect(figures.nextPeriod.net.minor).toBe(unitPriceMinor * (current + added));
          expect(figures.effective).toBe(today);
          expect(figures.nextPeriod.from).toBe(period.end);
        },
      ),
    );
  });

  it('apply fewer seats from the next period without an invoice, withdraw a pending reduction with the current count, and refuse what changes nothing', () => {
    const input = { subscribedFrom: '2025-03-10', today: '2025-04-01', currency: 'CHF' as const, invoiceInfo: swiss, otherMonthlyNet: money(0, 'CHF'), line: { quantity: 10, unitPriceMinor: 1000, pendingQuantity: null } };
    expect(seatChangeFigures({ ...input, seats: 4 })).toMatchObject({ kind: 'reduction', effective: '2025-04-10', prorated: null, nextPeriod: { from: '2025-04-10', net: money(4000, 'CHF') } });
    expect(seatChangeFigures({ ...input, seats: 10 })).toBeUndefined();
    const pending = { ...input, line: { ...input.line, pendingQuantity: 4 } };
    expect(seatChangeFigures({ ...pending, seats: 4 })).toBeUndefined();
    expect(seatChangeFigures({ ...pending, seats: 10 })).toMatchObject({ kind: 'withdrawal', prorated: null });
    expect(seatChangeFigures({ ...pending, seats: 6 })).toMatchObject({ kind: 'reduction', seats: 6 });
  });
});

describe('the mail of a seat change', () => {
  const payload: SeatsChangedPayload = {
    language: 'en-US',
    orderId: '00000000-0000-4000-8000-000000000001',
    orderNumber: '2026-000042',
    firstName: 'Anna',
    kind: 'increase',
    from: 10,
    to: 15,
    effective: '2026-03-10',
    currency: 'CHF',
    prorated: { from: '2026-03-10', to: '2026-04-09', netMinor: 50_000, vatMinor: 4050, grossMinor: 54_050, invoiceNumber: 'INV-2026-000007' },
    nextPeriod: { from: '2026-04-10', netMinor: 150_000, vatMinor: 12_150, grossMinor: 162_150 },
  };

  it('names the preview’s figures, in the order’s language', () => {
    const english = seatsChangedMail(payload, 'https://shop.example');
    expect(english.subject).toBe('Seats of your plan changed (order 2026-000042)');
    expect(english.text).toContain('15 seats instead of 10');
    expect(english.text).toContain('INV-2026-000007');
    expect(english.text).toContain('540.50 CHF');
    expect(english.html).toContain('1621.50 CHF');
    expect(english.text).toContain('https://shop.example/app/account');
    const german = seatsChangedMail({ ...payload, language: 'de-CH', kind: 'reduction', to: 6, prorated: null }, 'https://shop.example');
    expect(german.subject).toBe('Sitzplätze Ihres Abos geändert (Bestellung 2026-000042)');
    expect(german.text).toContain('6 statt 10 Sitzplätze');
    expect(german.text).not.toContain('ß');
  });
});
