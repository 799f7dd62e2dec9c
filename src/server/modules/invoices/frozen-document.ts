import { inMajorUnits } from '#server/http/answer-money.ts';
import type { Currency } from '#shared/locales.ts';
import { moneyOfMajor, type Money } from '#shared/money.ts';
import type { InvoiceContent } from './invoices.service.ts';

/**
 * What an invoice or credit note prints, frozen as its record's `document`: the PDF's edge,
 * where its amounts become major units, once (docs/decisions/057-money-in-one-type.md).
 */
export function frozen(content: Omit<InvoiceContent, 'issuedAt'> & { issuedAt: string }): Record<string, unknown> {
  return JSON.parse(JSON.stringify(inMajorUnits(content))) as Record<string, unknown>;
}

/** An amount of a frozen document read back as money: the same edge, the other way (a credit note by seats reads its invoice's lines). */
export function frozenMoney(major: number, currency: Currency): Money {
  return moneyOfMajor(major, currency);
}
