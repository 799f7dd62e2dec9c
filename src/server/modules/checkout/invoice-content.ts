import { lastDayOfPeriod } from '#shared/dates.ts';
import type { Currency, Language, PaymentFrequency } from '#shared/locales.ts';
import { firstPeriod } from '#shared/plan-periods.ts';
import type { MoneyAt } from '#server/http/answer-money.ts';
import { money, sumMoney, timesMoney, type Money } from '#shared/money.ts';
import type { OrderTotals } from '#shared/schemas/checkout.ts';
import type { VatKind } from '#shared/schemas/checkout.ts';
import type { OrderLine } from '../cart/cart.service.ts';
import type { InvoiceContent } from '../invoices/invoices.service.ts';
import { billingAddressOf, invoiceInfoView, type StoredInvoiceInfo } from './invoice-info.ts';
import { orderVatTotals } from './order-vat.rules.ts';

/**
 * What an order's invoices and totals are made of: its line rows (docs/decisions/057-money-in-one-type.md),
 * their prices in minor units and the invoice info frozen at BUY, never the cart's API view.
 * The first invoice, the renewals and the order's totals all come from here.
 */

/** Net, VAT and gross of an invoice, with the rate (percent) and the kind of VAT. */
export interface InvoiceAmounts {
  net: Money;
  vat: Money;
  gross: Money;
  vatRate: number;
  vatKind: VatKind;
}

/** What an invoice of an order prints and asks for, and whom it is mailed to (the billing job and INVOICE). */
export interface OrderInvoiceContent {
  content: Omit<InvoiceContent, 'number' | 'issuedAt' | 'paymentTermDays'>;
  amounts: InvoiceAmounts;
  orderNumber: string;
  language: Language;
  /** The contact of the invoice info, who gets the invoices and reminders. */
  billingEmail: string | undefined;
  billingName: string;
}

/**
 * An invoice bills every ACTIVE line (the first invoice) or one month of the MONTHLY ones (a
 * renewal). The first invoice's MONTHLY lines name their first month from `issuedOn`, its issue day.
 */
export type InvoiceKind = { kind: 'first'; issuedOn?: string } | { kind: 'period'; vatDay: string };

/** The days a first invoice's MONTHLY line covers: the month from its issue day, last day included (plan-periods.ts). */
function firstMonthOf(line: OrderLine, what: InvoiceKind): { period: { first: string; last: string } } | Record<string, never> {
  if (what.kind !== 'first' || !what.issuedOn || line.paymentFrequency !== 'MONTHLY') return {};
  const month = firstPeriod(what.issuedOn);
  return { period: { first: month.start, last: lastDayOfPeriod(month.end) } };
}

/** What an invoice charges for a line: a ONE_TIME line's seats, a MONTHLY line's first (or next) month. */
export function lineNetPerInvoice(line: Pick<OrderLine, 'unitPriceMinor' | 'quantity'>, currency: Currency): Money {
  return timesMoney(money(line.unitPriceMinor, currency), line.quantity);
}

function billedLines(lines: readonly OrderLine[], what: InvoiceKind): OrderLine[] {
  const active = lines.filter((line) => line.status === 'ACTIVE');
  return what.kind === 'first' ? active : active.filter((line) => line.paymentFrequency === 'MONTHLY');
}

/** Net, VAT and gross of `lines`, by the billing country of the order's invoice info, at the rate in force on `isoDay` (default: today). */
function amountsOfLines(lines: readonly OrderLine[], currency: Currency, info: StoredInvoiceInfo, isoDay?: string): InvoiceAmounts {
  const net = sumMoney(currency, lines.map((line) => lineNetPerInvoice(line, currency)));
  const totals = orderVatTotals(net.minor, info, isoDay);
  return { net, vat: money(totals.vatMinor, currency), gross: money(totals.grossMinor, currency), vatRate: totals.vatRate, vatKind: totals.vatKind };
}

/** What falls due at BUY, the first invoice's amounts: every ACTIVE line, at today's rate. */
export function dueAtBuy({ currency, lines }: { currency: Currency; lines: readonly OrderLine[] }, info: StoredInvoiceInfo): InvoiceAmounts {
  return amountsOfLines(billedLines(lines, { kind: 'first' }), currency, info);
}

/** An order's totals with their amounts as `Money`. */
export type OrderTotalsView = MoneyAt<OrderTotals, 'net' | 'vatAmount' | 'gross'>;

/**
 * The order's totals as the API, the mails and the first invoice show them: what falls
 * due at BUY (the ONE_TIME lines and the first month of the MONTHLY ones), and each
 * further month when there is a MONTHLY line.
 */
export function orderTotalsOf(lines: readonly OrderLine[], currency: Currency, info: StoredInvoiceInfo): OrderTotalsView {
  const today = dueAtBuy({ currency, lines }, info);
  const perMonth = amountsOfLines(billedLines(lines, { kind: 'period', vatDay: '' }), currency, info);
  return {
    net: today.net,
    vatRate: today.vatRate,
    vatAmount: today.vat,
    gross: today.gross,
    vatKind: today.vatKind,
    perMonth: perMonth.net.minor > 0 ? { net: perMonth.net, vatAmount: perMonth.vat, gross: perMonth.gross } : null,
  };
}

function buyerOf(info: StoredInvoiceInfo, language: Language): InvoiceContent['buyer'] {
  const billing = billingAddressOf(info);
  return {
    company: info.company?.name ?? '',
    ...(info.company?.vatNumber ? { vatNumber: info.company.vatNumber } : {}),
    ...(info.company?.buyerReference ? { buyerReference: info.company.buyerReference } : {}),
    ...(info.company?.purchaseOrderNumber ? { purchaseOrderNumber: info.company.purchaseOrderNumber } : {}),
    contactName: `${info.contact?.firstName ?? ''} ${info.contact?.lastName ?? ''}`.trim(),
    email: info.contact?.email ?? '',
    address: {
      street: billing?.street ?? '',
      ...(billing?.additionalAddressLine ? { additionalAddressLine: billing.additionalAddressLine } : {}),
      zip: billing?.zip ?? '',
      city: billing?.city ?? '',
      ...(billing?.state ? { state: billing.state } : {}),
      country: invoiceInfoView(info, language).invoiceAddress.country,
      countryCode: billing?.countryCode ?? '',
    },
  };
}

/**
 * What an invoice of a placed order prints and asks for: the first one (what fell due at
 * BUY), or one month of the MONTHLY lines at the VAT rate in force on `vatDay`, with the
 * buyer's VAT status as stored at BUY. Each printed line is one line row.
 */
export function invoiceContentOf(
  order: { number: string | null; language: string; invoiceInfo: StoredInvoiceInfo | null },
  orderLines: { currency: Currency; lines: readonly OrderLine[] },
  what: InvoiceKind,
): OrderInvoiceContent {
  const language = order.language as Language;
  const info = order.invoiceInfo ?? {};
  const { currency } = orderLines;
  const lines = billedLines(orderLines.lines, what);
  const amounts = amountsOfLines(lines, currency, info, what.kind === 'period' ? what.vatDay : undefined);
  const totals =
    what.kind === 'first'
      ? orderTotalsOf(orderLines.lines, currency, info)
      : { net: amounts.net, vatRate: amounts.vatRate, vatAmount: amounts.vat, gross: amounts.gross, vatKind: amounts.vatKind, perMonth: null };
  return {
    orderNumber: order.number ?? '',
    language,
    billingEmail: info.contact?.email,
    billingName: info.contact?.firstName ?? '',
    content: {
      language,
      currency,
      buyer: buyerOf(info, language),
      lines: lines.map((line) => ({
        title: line.translations?.[language]?.title ?? line.translations?.['en-US']?.title ?? line.productCode,
        paymentFrequency: line.paymentFrequency as PaymentFrequency,
        quantity: line.quantity,
        periodMonths: line.periodMonths,
        unitPrice: money(line.unitPriceMinor, currency),
        total: lineNetPerInvoice(line, currency),
        ...firstMonthOf(line, what),
      })),
      totals,
    },
    amounts,
  };
}
