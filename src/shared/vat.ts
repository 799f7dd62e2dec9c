import type { Currency } from './locales.ts';
import { addMoney, compareMoney, money, shareOfMoney, sumMoney, type Money } from './money.ts';

/**
 * The one VAT rule (docs/product/money-and-vat.md): VAT on a net total at one rate,
 * rounded half up to the minor unit, in integers (the rate in hundredths of a percent).
 * Checkout, the first invoice, renewals and credit notes all take their VAT from here
 * (`totalsFor` in src/server/modules/checkout/vat.ts for an order's billing country).
 */
export function vatOnNet(net: Money, ratePercent: number): Money {
  return shareOfMoney(net, rateBasisPoints(ratePercent), 10_000);
}

/** A rate in percent as hundredths of a percent (8.1 % -> 810), as invoices keep it. */
export function rateBasisPoints(ratePercent: number): number {
  return Math.round(ratePercent * 100);
}

/** A rate kept in hundredths of a percent as percent (810 -> 8.1). */
export function ratePercentOf(basisPoints: number): number {
  return basisPoints / 100;
}

/** Net, VAT and gross of net lines (each already whole minor units) at one rate: VAT on their net total. */
export function vatTotalsOfLines(lines: readonly Money[], currency: Currency, ratePercent: number): { net: Money; vat: Money; gross: Money } {
  const net = sumMoney(currency, lines);
  const vat = vatOnNet(net, ratePercent);
  return { net, vat, gross: addMoney(net, vat) };
}

/**
 * What a credit note of `asked` (incl. VAT) on an invoice at `ratePercent` takes off, by
 * the same rule as the invoice: the largest net whose gross by `vatOnNet` is not above
 * the amount asked. The last credit note of an invoice (`asked` is what is left) takes
 * what is left of its net and VAT, so that its credit notes add up to the invoice; no
 * credit note takes more net or VAT than the invoice has left.
 */
export function creditNoteAmounts(
  asked: Money,
  ratePercent: number,
  left: { net: Money; vat: Money },
): { net: Money; vat: Money; gross: Money } {
  const leftGross = addMoney(left.net, left.vat);
  if (compareMoney(asked, leftGross) === 0) return { net: left.net, vat: left.vat, gross: leftGross };
  const grossOf = (net: Money) => addMoney(net, vatOnNet(net, ratePercent));
  let net = shareOfMoney(asked, 10_000, 10_000 + rateBasisPoints(ratePercent));
  while (net.minor > 0 && compareMoney(grossOf(net), asked) > 0) net = money(net.minor - 1, asked.currency);
  while (compareMoney(grossOf(money(net.minor + 1, asked.currency)), asked) <= 0) net = money(net.minor + 1, asked.currency);
  const vat = money(Math.min(vatOnNet(net, ratePercent).minor, left.vat.minor), asked.currency);
  net = money(Math.min(net.minor, left.net.minor), asked.currency);
  return { net, vat, gross: addMoney(net, vat) };
}

/**
 * What a credit note of some of an invoice's lines takes off (each line's net already whole
 * minor units): VAT on their net total by `vatOnNet`, as on the invoice. When they take the
 * rest of the invoice's net, they take the rest of its VAT, so that its credit notes add up
 * to the invoice; never more VAT than the invoice has left.
 */
export function creditNoteOfLines(
  lines: readonly Money[],
  currency: Currency,
  ratePercent: number,
  left: { net: Money; vat: Money },
): { net: Money; vat: Money; gross: Money } {
  const { net, vat } = vatTotalsOfLines(lines, currency, ratePercent);
  const taken = compareMoney(net, left.net) === 0 ? left.vat : money(Math.min(vat.minor, left.vat.minor), currency);
  return { net, vat: taken, gross: addMoney(net, taken) };
}
