import { beforeAll, describe, expect, it } from 'vitest';
import { formatIsoDay, lastDayOfPeriod } from '#shared/dates.ts';
import type { Language } from '#shared/locales.ts';
import { firstPeriod } from '#shared/plan-periods.ts';
import { attachedFiles, loadEn16931Rules, schemaErrors, schematronFailures } from '../../../../tests/helpers/e-invoice.ts';
import { euInvoice, swissInvoice } from '../../../../tests/helpers/invoice-documents.ts';
import { hasPdftotext, pdftotextPages } from '../../../../tests/helpers/pdf.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/**
 * The invoice's layout where its texts are longest: the period in the facts box at the top
 * right, and the days a first invoice's monthly line names, in both languages.
 */

const invoiceIn: Record<Language, InvoiceDocument> = { 'de-CH': swissInvoice, 'en-US': euInvoice };
const periodLabel: Record<Language, string> = { 'de-CH': 'Zeitraum', 'en-US': 'Period' };

/** A month of a plan from `start`, as the invoice prints it: first and last day. */
function monthFrom(start: string): { first: string; last: string } {
  const month = firstPeriod(start);
  return { first: month.start, last: lastDayOfPeriod(month.end) };
}

/**
 * The widest periods: across a year's end, and into September, whose short name is the
 * longest in both languages (`Sept`, `Sept.`), with two-digit days.
 */
const widestPeriods = ['2026-12-28', '2026-08-13', '2026-08-31', '2027-09-28'].map(monthFrom);

/** A renewal of `language`'s invoice billing `period`: the period is printed in the facts box. */
function renewal(language: Language, period: { first: string; last: string }): InvoiceDocument {
  const invoice = invoiceIn[language];
  return { ...invoice, number: 'INV-2026-000200', orderNumber: '2026-000042', issuedAt: new Date(`${period.first}T12:00:00Z`), period, lines: [invoice.lines[0]!] };
}

/** A first invoice of `language` issued on `issuedOn`, its monthly line naming its first month. */
function firstInvoice(language: Language, issuedOn: string): InvoiceDocument {
  const invoice = invoiceIn[language];
  return {
    ...invoice,
    number: 'INV-2026-000201',
    orderNumber: '2026-000043',
    issuedAt: new Date(`${issuedOn}T12:00:00Z`),
    lines: invoice.lines.map((line) => (line.paymentFrequency === 'MONTHLY' ? { ...line, period: monthFrom(issuedOn) } : line)),
  };
}

const languages = ['de-CH', 'en-US'] as const;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.runIf(hasPdftotext)('the invoice\'s layout', { timeout: 60_000 }, () => {
  const cases = languages.flatMap((language) => widestPeriods.map((period) => [language, period] as const));

  it.each(cases)('%s: the period %o stands on one line of the facts box', async (language, period) => {
    const [page = ''] = pdftotextPages(await renderInvoicePdf(renewal(language, period)), { layout: true });
    const printed = `${formatIsoDay(period.first, language)} – ${formatIsoDay(period.last, language)}`;
    expect(page).toMatch(new RegExp(`${periodLabel[language]} +${escaped(printed)}\\n`));
  });

  it.each(languages)('%s: a first invoice\'s monthly line names the days of its first month, the one-time line none', async (language) => {
    const [page = ''] = pdftotextPages(await renderInvoicePdf(firstInvoice(language, '2026-12-28')));
    const flat = page.replace(/\s+/g, ' ');
    const expected = {
      'de-CH': 'Monatlich, Mindestlaufzeit 12 Monate: erster Monat, 28. Dez. 2026 bis 27. Jan. 2027',
      'en-US': 'Monthly, minimum term 24 months: first month, 28 Dec 2026 to 27 Jan 2027',
    }[language];
    expect(flat).toContain(expected);
    // The first invoice bills no period of its own: the facts box names none.
    expect(page).not.toContain(periodLabel[language]);
    // The one-time line of the Swiss invoice is billed whole, without days.
    if (language === 'de-CH') expect(flat.match(/2026 bis/g)).toHaveLength(1);
  });
});

describe('the first invoice\'s e-invoice', { timeout: 60_000 }, () => {
  // The first run on a machine compiles the EN 16931 rules (tests/helpers/e-invoice.ts).
  beforeAll(loadEn16931Rules, 300_000);

  it('gives the monthly line its first month (BT-134, BT-135) and no period to the invoice, and stays valid', async () => {
    const pdf = await renderInvoicePdf(firstInvoice('de-CH', '2026-12-28'));
    const xml = (await attachedFiles(pdf)).get('factur-x.xml')?.toString('utf8') ?? '';
    const periods = [...xml.matchAll(/<ram:BillingSpecifiedPeriod>([\s\S]*?)<\/ram:BillingSpecifiedPeriod>/g)].map((match) =>
      [...match[1]!.matchAll(/>(\d{8})</g)].map((day) => day[1]),
    );
    // One, inside the monthly line (the first line item); the one-time line has none.
    expect(periods).toEqual([['20261228', '20270127']]);
    const lines = xml.split('<ram:IncludedSupplyChainTradeLineItem>').slice(1);
    expect(lines[0]).toContain('<ram:BillingSpecifiedPeriod>');
    expect(lines[1]).not.toContain('<ram:BillingSpecifiedPeriod>');
    expect(await schemaErrors(xml)).toEqual([]);
    expect(schematronFailures(xml)).toEqual([]);
  });
});
