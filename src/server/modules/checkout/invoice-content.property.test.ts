import { inMajorUnits } from '#server/http/answer-money.ts';
import type { PrintedInvoice } from '../invoices/invoices.service.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencies, type Currency } from '#shared/locales.ts';
import { addMoney, money, sumMoney, toMinor, type Money } from '#shared/money.ts';
import { creditNoteAmounts, vatOnNet } from '#shared/vat.ts';
import type { OrderLine } from '../cart/cart.service.ts';
import { invoiceContentOf, lineNetPerInvoice, type InvoiceKind } from './invoice-content.ts';
import type { StoredInvoiceInfo } from './invoice-info.ts';

/**
 * Random carts in every currency, with seats, ONE_TIME and MONTHLY lines, some removed,
 * billed to Switzerland (8.1 %, or 7.7 % for a period before 2024), to the EU (reverse
 * charge) and elsewhere (export): an invoice's totals are the sum of its lines, and its
 * credit notes never take it below zero.
 */

const line = fc.record({
  unitPriceMinor: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 10_000 }),
  monthly: fc.boolean(),
  periodMonths: fc.constantFrom(12, 24, 36),
  removed: fc.boolean(),
});

const cart = fc.record({
  currency: fc.constantFrom<Currency>(...currencies),
  lines: fc.array(line, { minLength: 1, maxLength: 5 }),
  countryCode: fc.constantFrom('CH', 'LI', 'DE', 'FR', 'US', 'GB'),
  what: fc.constantFrom<InvoiceKind>({ kind: 'first' }, { kind: 'period', vatDay: '2023-06-01' }, { kind: 'period', vatDay: '2026-03-01' }),
});

type DrawnLine = typeof line extends fc.Arbitrary<infer L> ? L : never;

function orderLinesOf(lines: readonly DrawnLine[]): OrderLine[] {
  return lines.map((drawn, index) => ({
    id: `line-${index}`,
    productCode: `product_${index}`,
    paymentFrequency: drawn.monthly ? 'MONTHLY' : 'ONE_TIME',
    quantity: drawn.quantity,
    periodMonths: drawn.monthly ? drawn.periodMonths : null,
    unitPriceMinor: drawn.unitPriceMinor,
    status: drawn.removed ? 'REMOVED' : 'ACTIVE',
    tier: null,
    translations: { 'en-US': { title: `Product ${index}`, description: '' } },
  }));
}

function infoFor(countryCode: string): StoredInvoiceInfo {
  return { company: { name: 'Muster AG' }, address: { street: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', countryCode } };
}

describe('invoices made from order lines (property)', () => {
  it('have totals that are the sum of their lines: net, VAT on the net total at its rate, gross', () => {
    fc.assert(
      fc.property(cart, ({ currency, lines, countryCode, what }) => {
        const orderLines = orderLinesOf(lines);
        const { content, amounts } = invoiceContentOf({ number: 'ORD-1', language: 'en-US', invoiceInfo: infoFor(countryCode) }, { currency, lines: orderLines }, what);
        const billed = orderLines.filter((row) => row.status === 'ACTIVE' && (what.kind === 'first' || row.paymentFrequency === 'MONTHLY'));
        const net = sumMoney(currency, billed.map((row) => lineNetPerInvoice(row, currency)));
        expect(content.lines).toHaveLength(billed.length);
        expect(amounts.net).toEqual(net);
        expect(amounts.vat).toEqual(vatOnNet(net, amounts.vatRate));
        expect(amounts.gross).toEqual(addMoney(amounts.net, amounts.vat));
        expect(amounts.vatRate).toBe(countryCode === 'CH' || countryCode === 'LI' ? (what.kind === 'period' && what.vatDay < '2024-01-01' ? 7.7 : 8.1) : 0);
        // What the PDF prints (its major units, as the invoice record freezes them) adds up the same way, in minor units.
        const printed = inMajorUnits(content) as PrintedInvoice;
        const printedLines = printed.lines.reduce((sum, line) => sum + toMinor(line.total), 0);
        expect(printedLines).toBe(amounts.net.minor);
        expect([toMinor(printed.totals.net), toMinor(printed.totals.vatAmount), toMinor(printed.totals.gross)]).toEqual([amounts.net.minor, amounts.vat.minor, amounts.gross.minor]);
      }),
      { numRuns: 300 },
    );
  });

  it('with their credit notes never go below zero: no credit note takes more than its invoice still allows, and the last one takes exactly the rest', () => {
    fc.assert(
      fc.property(cart, fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 8 }), ({ currency, lines, countryCode, what }, shares) => {
        const { amounts } = invoiceContentOf({ number: 'ORD-1', language: 'en-US', invoiceInfo: infoFor(countryCode) }, { currency, lines: orderLinesOf(lines) }, what);
        let left: { net: Money; vat: Money } = { net: amounts.net, vat: amounts.vat };
        const grossLeft = () => left.net.minor + left.vat.minor;
        for (const share of shares) {
          if (grossLeft() <= 0) break;
          // Staff may ask for any amount up to what the invoice has not been credited (the service refuses more).
          const asked = money(Math.max(1, Math.floor((grossLeft() * share) / 1_000)), currency);
          const credit = creditNoteAmounts(asked, amounts.vatRate, left);
          expect(credit.net.minor).toBeGreaterThanOrEqual(0);
          expect(credit.vat.minor).toBeGreaterThanOrEqual(0);
          expect(credit.gross).toEqual(addMoney(credit.net, credit.vat));
          expect(credit.gross.minor).toBeLessThanOrEqual(asked.minor);
          left = { net: money(left.net.minor - credit.net.minor, currency), vat: money(left.vat.minor - credit.vat.minor, currency) };
          expect(left.net.minor).toBeGreaterThanOrEqual(0);
          expect(left.vat.minor).toBeGreaterThanOrEqual(0);
        }
        if (grossLeft() > 0) {
          const rest = creditNoteAmounts(money(grossLeft(), currency), amounts.vatRate, left);
          expect(rest).toEqual({ net: left.net, vat: left.vat, gross: money(grossLeft(), currency) });
        }
      }),
      { numRuns: 300 },
    );
  });
});
