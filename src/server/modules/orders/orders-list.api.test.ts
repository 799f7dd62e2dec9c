import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '#shared/locales.ts';
import { orders } from '#server/db/schema.ts';
import type { OrderStatus } from '#shared/orders.ts';
import { defaultListStatuses, type OrderList } from '#shared/schemas/orders-admin.ts';
import { cellsIgnoringQuotes, isFormula, readCsv } from '../../../../tests/helpers/csv.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

/** The orders table and its CSV export, on orders written straight into a database of their own. */

let t: TestApp;
let staff: StaffSignIn;

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

interface Seed {
  number?: string;
  status: OrderStatus;
  company: string;
  orderedAt?: Date;
  totalNetMinor?: number;
  currency?: Currency;
  contact?: [string, string, string?];
  /** The buyer's reference and purchase order number. */
  references?: [string, string];
  deleted?: boolean;
}

const seeds: Seed[] = [
  // 23:30 UTC on 1 March is 00:30 on 2 March in Zurich.
  { number: '2025-000001', status: 'ORDERED', company: 'Alpha AG', orderedAt: new Date('2025-03-01T23:30:00Z'), totalNetMinor: 100_000, contact: ['Anna', 'Muster', 'anna@alpha.example'], references: ['04011000-12345-06', 'PO 4711'] },
  { number: '2025-000002', status: 'INVOICED', company: 'beta GmbH', orderedAt: new Date('2025-03-05T10:00:00Z'), totalNetMinor: 25_050, currency: 'EUR' },
  { number: '2025-000003', status: 'PAID', company: 'Gamma SA', orderedAt: new Date('2025-02-10T10:00:00Z'), totalNetMinor: 300_000, currency: 'USD' },
  { number: '2025-000004', status: 'IN_PROGRESS', company: '=HYPERLINK("http://evil.example")', orderedAt: new Date('2025-04-01T08:00:00Z'), totalNetMinor: 5_000, contact: ['+Max', 'Minus'] },
  { number: '2025-000005', status: 'ARCHIVED', company: 'Comma, "Quote" AG', orderedAt: new Date('2025-04-02T08:00:00Z'), totalNetMinor: 12_345, contact: ['@Eva', 'Zeile\nZwei'] },
  { number: '2025-000006', status: 'CANCELED', company: 'Alphabet Inc', orderedAt: new Date('2025-01-15T08:00:00Z'), totalNetMinor: 999 },
  { status: 'SHOPPING_CART', company: 'Cart AG' },
  { status: 'ABANDONED', company: 'Abandoned AG' },
  { number: '2025-000009', status: 'DELETED', company: 'Deleted AG', orderedAt: new Date('2025-03-03T08:00:00Z'), totalNetMinor: 1, deleted: true },
  { number: 'R-1', status: 'ORDERED', company: 'Recent AG', orderedAt: daysAgo(2), totalNetMinor: 700 },
  { number: 'R-2', status: 'ORDERED', company: 'Older AG', orderedAt: daysAgo(20), totalNetMinor: 800 },
  { number: 'R-3', status: 'ORDERED', company: 'Ancient AG', orderedAt: daysAgo(100), totalNetMinor: 900 },
];

function rowOf(seed: Seed): typeof orders.$inferInsert {
  return {
    status: seed.status,
    currency: seed.currency ?? 'CHF',
    language: 'de-CH',
    number: seed.number ?? null,
    orderedAt: seed.orderedAt ?? null,
    totalNetMinor: seed.totalNetMinor ?? null,
    amountDueMinor: seed.totalNetMinor ?? null,
    invoiceInfo: {
      company: { name: seed.company, ...(seed.references ? { buyerReference: seed.references[0], purchaseOrderNumber: seed.references[1] } : {}) },
      ...(seed.contact ? { contact: { firstName: seed.contact[0], lastName: seed.contact[1], ...(seed.contact[2] ? { email: seed.contact[2] } : {}) } } : {}),
    },
    deletedAt: seed.deleted ? new Date() : null,
  };
}

/** Orders enough for several export batches (500 rows each). */
const bulkCount = 1_234;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAsStaff(t);
  await t.database.db.insert(orders).values(seeds.map(rowOf));
  const bulk = Array.from({ length: bulkCount }, (_, index) =>
    rowOf({
      number: `B-${String(index + 1).padStart(5, '0')}`,
      status: 'COMPLETED',
      company: `Bulk AG ${index + 1}`,
      orderedAt: new Date(Date.UTC(2024, 0, 1) + index * 60_000),
      totalNetMinor: 10_000 + index,
    }),
  );
  for (let start = 0; start < bulk.length; start += 500) await t.database.db.insert(orders).values(bulk.slice(start, start + 500));
});
afterAll(async () => {
  await t.close();
});

async function list(body: object) {
  return t.app.inject({ method: 'POST', url: '/api/orders/admin/list', headers: staff.headers, payload: body });
}

/** The numbers listed; by date received unless another sort is asked for (filters are easier to read so). */
async function numbers(body: object): Promise<(string | null)[]> {
  const response = await list({ sortColumn: 'RECEIVED', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as OrderList).results.map((row) => row.number);
}

/** Leaves the bulk orders out: every status they do not have. */
const seeded = { statuses: defaultListStatuses.filter((status) => status !== 'COMPLETED') };

describe('the orders table', () => {
  it('by default: every status but carts, abandoned and deleted, by status in lifecycle order and newest first within one, 20 a page', async () => {
    const response = await list({});
    expect(response.statusCode).toBe(200);
    const answer = response.json() as OrderList;
    expect(answer).toMatchObject({
      statuses: defaultListStatuses,
      dateRange: 'ALL',
      sortColumn: 'STATUS',
      sortDirection: 'ASC',
      page: 1,
      pageSize: 20,
      totalResults: 9 + bulkCount,
      totalPages: Math.ceil((9 + bulkCount) / 20),
    });
    expect(answer.statuses).not.toContain('SHOPPING_CART');
    expect(answer.results).toHaveLength(20);
    expect(answer.results[0]?.number).toBe('R-1');

    const queue = (await list(seeded)).json() as OrderList;
    expect(queue.results.map((row) => row.number)).toEqual(['R-1', 'R-2', 'R-3', '2025-000001', '2025-000004', '2025-000002', '2025-000003', '2025-000006', '2025-000005']);
  });

  it('answers each row with its company, customer, net total and currency', async () => {
    const answer = (await list({ number: '2025-000001' })).json() as OrderList;
    expect(answer.results).toEqual([
      {
        id: expect.any(String),
        number: '2025-000001',
        status: 'ORDERED',
        received: '2025-03-01T23:30:00.000Z',
        company: 'Alpha AG',
        customer: 'Anna Muster',
        totalExclVat: 1000,
        currency: 'CHF',
      },
    ]);
  });

  it('shows carts and abandoned carts when asked, never deleted orders', async () => {
    const answer = (await list({ statuses: ['SHOPPING_CART', 'ABANDONED', 'DELETED'] })).json() as OrderList;
    // Neither has a date received: their order is the ids'.
    expect(answer.results.map((row) => [row.company, row.status, row.received, row.totalExclVat]).sort()).toEqual([
      ['Abandoned AG', 'ABANDONED', null, null],
      ['Cart AG', 'SHOPPING_CART', null, null],
    ]);
  });

  it('filters by part of the company name in any case, taking % and _ literally', async () => {
    expect(await numbers({ company: 'ALPHA' })).toEqual(['2025-000006', '2025-000001']);
    expect(await numbers({ company: '  gmbh ' })).toEqual(['2025-000002']);
    expect(await numbers({ company: '%' })).toEqual([]);
    expect(await numbers({ company: 'Bulk_AG' })).toEqual([]);
  });

  it('finds orders by parts of the number, company, contact name or e-mail in the one search box, every word in any case', async () => {
    expect(await numbers({ search: 'alpha' })).toEqual(['2025-000006', '2025-000001']);
    expect(await numbers({ search: 'ANNA' })).toEqual(['2025-000001']);
    expect(await numbers({ search: 'anna muster' })).toEqual(['2025-000001']);
    expect(await numbers({ search: 'muster alpha' })).toEqual(['2025-000001']);
    expect(await numbers({ search: 'anna@alpha.example' })).toEqual(['2025-000001']);
    expect(await numbers({ search: '@ALPHA.exa' })).toEqual(['2025-000001']);
    expect(await numbers({ search: '000004' })).toEqual(['2025-000004']);
    expect(await numbers({ search: 'r-2' })).toEqual(['R-2']);
    expect(await numbers({ search: '%' })).toEqual([]);
    // A word with other characters than letters and digits is found whole, not in parts.
    expect(await numbers({ search: 'muster@alpha' })).toEqual([]);
    expect(await numbers({ search: 'anna@alpha.example.ch' })).toEqual([]);
    expect(await numbers({ search: 'a@alpha' })).toEqual(['2025-000001']);
    expect(await numbers({ search: 'anna beta' })).toEqual([]);
    // With the other filters.
    expect(await numbers({ search: 'alpha', statuses: ['CANCELED'] })).toEqual(['2025-000006']);
    const answer = (await list({ search: '  Anna ' })).json() as OrderList;
    expect(answer).toMatchObject({ search: 'Anna', totalResults: 1 });
  });

  it('counts the work queues: needs action, awaiting payment, active plans, all, and overdue (none here)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/orders/admin/queues', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ NEEDS_ACTION: 5, AWAITING_PAYMENT: 1, ACTIVE_PLANS: 0, ALL: 9 + bulkCount, OVERDUE: 0 });
  });

  it('filters by the exact number', async () => {
    expect(await numbers({ number: '2025-000002' })).toEqual(['2025-000002']);
    expect(await numbers({ number: '2025-00000' })).toEqual([]);
  });

  it('filters by days in Zurich, both included', async () => {
    expect(await numbers({ dateRange: 'CUSTOM', fromDate: '2025-03-02', toDate: '2025-03-02' })).toEqual(['2025-000001']);
    expect(await numbers({ dateRange: 'CUSTOM', fromDate: '2025-03-01', toDate: '2025-03-01' })).toEqual([]);
    expect(await numbers({ dateRange: 'CUSTOM', fromDate: '2025-03-02', toDate: '2025-04-01' })).toEqual(['2025-000001', '2025-000002', '2025-000004']);
    expect(await numbers({ ...seeded, dateRange: 'CUSTOM', fromDate: '2025-04-02' })).toEqual(['2025-000005', 'R-3', 'R-2', 'R-1']);
    expect(await numbers({ ...seeded, dateRange: 'CUSTOM', toDate: '2025-02-10' })).toEqual(['2025-000006', '2025-000003']);
    expect(await numbers({ dateRange: 'LAST_7_DAYS' })).toEqual(['R-1']);
    expect(await numbers({ dateRange: 'LAST_30_DAYS' })).toEqual(['R-2', 'R-1']);
    // A custom range's days are ignored by the other ranges.
    expect(await numbers({ dateRange: 'LAST_7_DAYS', fromDate: '2020-01-01', toDate: '2020-01-02' })).toEqual(['R-1']);
  });

  it.each([
    ['COMPANY', 'ASC', ['2025-000004', '2025-000001', '2025-000006', 'R-3', '2025-000002', '2025-000005', '2025-000003', 'R-2', 'R-1']],
    ['TOTAL_EXCL_VAT', 'DESC', ['2025-000003', '2025-000001', '2025-000002', '2025-000005', '2025-000004', '2025-000006', 'R-3', 'R-2', 'R-1']],
    ['STATUS', 'ASC', ['R-1', 'R-2', 'R-3', '2025-000001', '2025-000004', '2025-000002', '2025-000003', '2025-000006', '2025-000005']],
    ['STATUS', 'DESC', ['2025-000005', '2025-000006', '2025-000003', '2025-000002', '2025-000004', 'R-1', 'R-2', 'R-3', '2025-000001']],
    ['NUMBER', 'DESC', ['R-3', 'R-2', 'R-1', '2025-000006', '2025-000005', '2025-000004', '2025-000003', '2025-000002', '2025-000001']],
    ['RECEIVED', 'DESC', ['R-1', 'R-2', 'R-3', '2025-000005', '2025-000004', '2025-000002', '2025-000001', '2025-000003', '2025-000006']],
  ])('sorts by %s %s', async (sortColumn, sortDirection, expected) => {
    const sorted = await numbers({ ...seeded, sortColumn, sortDirection });
    if (sortColumn === 'COMPANY') {
      // '=' sorts before letters or not depending on the collation: compare the letters only.
      expect(sorted.filter((n) => n !== '2025-000004')).toEqual(expected.filter((n) => n !== '2025-000004'));
    } else {
      expect(sorted).toEqual(expected);
    }
  });

  it('pages', async () => {
    const page2 = (await list({ ...seeded, pageSize: 2, page: 2 })).json() as OrderList;
    expect(page2).toMatchObject({ page: 2, pageSize: 2, totalResults: 9, totalPages: 5 });
    expect(page2.results.map((row) => row.number)).toEqual(['R-3', '2025-000001']);
    expect(await numbers({ ...seeded, pageSize: 2, page: 5 })).toEqual(['R-1']);
    expect(await numbers({ ...seeded, pageSize: 2, page: 6 })).toEqual([]);
    // Counted in the page's own scan (any other sort), apart (a company or search words in an order an index holds), and apart past the end.
    for (const body of [{ sortColumn: 'NUMBER' }, { company: 'a' }, { company: 'a', sortColumn: 'COMPANY' }, { search: '-' }]) {
      for (const [page, results] of [
        [1, 2],
        [5, 1],
        [6, 0],
      ] as const) {
        const answer = (await list({ ...seeded, ...body, pageSize: 2, page })).json() as OrderList;
        expect([answer.results.length, answer.totalResults, answer.totalPages], `${JSON.stringify(body)} page ${page}`).toEqual([results, 9, 5]);
      }
    }
    expect(((await list({ pageSize: 100 })).json() as OrderList).results).toHaveLength(100);
  });

  it('counts a search up to 500 matches and says when there are more; a page past them counts on to the next multiple of 500', async () => {
    const first = (await list({ search: 'bulk ag' })).json() as OrderList;
    expect(first).toMatchObject({ totalResults: 500, totalPages: 25, totalCapped: true });
    expect(first.results).toHaveLength(20);
    const last = (await list({ search: 'bulk ag', page: 62 })).json() as OrderList;
    expect(last).toMatchObject({ totalResults: bulkCount, totalPages: 62 });
    expect(last).not.toHaveProperty('totalCapped');
    expect(last.results).toHaveLength(bulkCount - 61 * 20);
    // Without search words or a company, and where every match is sorted anyway, the count is exact.
    expect((await list({})).json()).toMatchObject({ totalResults: 9 + bulkCount });
    expect((await list({ search: 'bulk ag', sortColumn: 'NUMBER' })).json()).toMatchObject({ totalResults: bulkCount });
    expect((await list({ search: 'bulk ag', sortColumn: 'NUMBER' })).json()).not.toHaveProperty('totalCapped');
    expect((await list({ company: 'bulk ag', sortColumn: 'TOTAL_EXCL_VAT' })).json()).toMatchObject({ totalResults: bulkCount });
  });

  it('counts a company filter as a search, in the order of the date, the status or the company upwards', async () => {
    for (const sort of [{}, { sortColumn: 'RECEIVED', sortDirection: 'DESC' }, { sortColumn: 'COMPANY' }]) {
      const first = (await list({ company: 'BULK ag', ...sort })).json() as OrderList;
      expect(first, JSON.stringify(sort)).toMatchObject({ totalResults: 500, totalPages: 25, totalCapped: true });
      expect(first.results.every((row) => row.company?.startsWith('Bulk AG'))).toBe(true);
    }
    // By company: the names compared in lower case, equal ones by date received.
    const byCompany = (await list({ company: 'bulk ag 12', sortColumn: 'COMPANY', pageSize: 5 })).json() as OrderList;
    expect(byCompany.results.map((row) => row.company)).toEqual(['Bulk AG 12', 'Bulk AG 120', 'Bulk AG 1200', 'Bulk AG 1201', 'Bulk AG 1202']);
    expect(byCompany).toMatchObject({ totalResults: 1 + 10 + 35 });
    expect(byCompany).not.toHaveProperty('totalCapped');
    // A filter under three letters is compared in every order, as is one with other characters.
    expect(await numbers({ company: 'ph', ...seeded })).toEqual(['2025-000006', '2025-000001']);
    expect(await numbers({ company: 'ma, "q', ...seeded })).toEqual(['2025-000005']);
  });

  it.each([
    ['an unknown status', { statuses: ['ORDERED', 'LOST'] }, 'statuses.1', 'invalidOption'],
    ['a status as free text', { statuses: 'ORDERED' }, 'statuses', 'invalid'],
    ['a page size of 10 000', { pageSize: 10_000 }, 'pageSize', 'tooBig'],
    ['page 0', { page: 0 }, 'page', 'tooSmall'],
    ['an unknown sort column', { sortColumn: 'PRICE' }, 'sortColumn', 'invalidOption'],
    ['an unknown range', { dateRange: 'YESTERDAY' }, 'dateRange', 'invalidOption'],
    ['a start after the end', { dateRange: 'CUSTOM', fromDate: '2025-03-02', toDate: '2025-03-01' }, 'toDate', 'invalid'],
    ['a date that is none', { dateRange: 'CUSTOM', fromDate: '2025-02-30' }, 'fromDate', 'invalid'],
  ])('refuses %s with 400 on its field, in both languages', async (_name, body, field, code) => {
    const response = await list(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field, code, messagesByLanguage: { 'en-US': expect.any(String), 'de-CH': expect.any(String) } }]);
  });

  it('says why a start after the end is refused', async () => {
    const response = await list({ dateRange: 'CUSTOM', fromDate: '2025-03-02', toDate: '2025-03-01' });
    expect(response.json().errors[0].messagesByLanguage).toEqual({
      'en-US': 'The end date must not be before the start date.',
      'de-CH': 'Das Enddatum darf nicht vor dem Startdatum liegen.',
    });
  });
});

describe('the CSV export', () => {
  async function exportCsv(query: string) {
    return t.app.inject({ method: 'GET', url: `/api/orders/admin/export.csv?${query}`, headers: { cookie: staff.cookie } });
  }

  it('is UTF-8 with a BOM and a header row, quotes cells and neutralises formulas', async () => {
    const response = await exportCsv('statuses=IN_PROGRESS&statuses=ARCHIVED&statuses=ORDERED&company=a&sortColumn=NUMBER&language=en-US&number=2025-000001');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    // Statuses in the export's language; the time on Zurich's clock and the amount unquoted, so spreadsheets read a date and a number.
    expect(response.body.slice(1)).toBe(
      '"Number","Status","Received (Zurich time)","Company","Customer","Total excl. VAT","Currency","Buyer reference","Purchase order number"\r\n"2025-000001","Ordered",2025-03-02 00:30:00,"Alpha AG","Anna Muster",1000.00,"CHF","04011000-12345-06","PO 4711"\r\n',
    );

    const tricky = await exportCsv('statuses=IN_PROGRESS,ARCHIVED&sortColumn=NUMBER&language=de-CH');
    const lines = tricky.body.slice(1).split('\r\n');
    expect(lines).toEqual([
      '"Nummer","Status","Eingegangen (Zürcher Zeit)","Firma","Kunde","Total exkl. MWST","Währung","Referenz des Kunden","Bestellnummer des Kunden"',
      `"2025-000004","In Bearbeitung",2025-04-01 10:00:00,"'=HYPERLINK(""http://evil.example"")","'+Max Minus",50.00,"CHF",,`,
      `"2025-000005","Archiviert",2025-04-02 10:00:00,"Comma, ""Quote"" AG","'@Eva Zeile\nZwei",123.45,"CHF",,`,
      '',
    ]);
  });

  it.each([
    ['EXCEL_CH', ';', '1000.00'],
    ['EXCEL_DE', ';', '1000,00'],
    ['STANDARD', ',', '1000.00'],
  ] as const)('for %s: %s between cells and %s as amount, read back by csv-parse', async (flavour, separator, amount) => {
    const response = await exportCsv(`number=2025-000001&language=de-CH&flavour=${flavour}`);
    expect(response.statusCode).toBe(200);
    expect(readCsv(response.body, separator)).toEqual([
      ['Nummer', 'Status', 'Eingegangen (Zürcher Zeit)', 'Firma', 'Kunde', 'Total exkl. MWST', 'Währung', 'Referenz des Kunden', 'Bestellnummer des Kunden'],
      ['2025-000001', 'Bestellt', '2025-03-02 00:30:00', 'Alpha AG', 'Anna Muster', amount, 'CHF', '04011000-12345-06', 'PO 4711'],
    ]);
  });

  it('has every row of the filter, not one page, in the sort asked for', async () => {
    const response = await exportCsv('company=bulk&sortColumn=TOTAL_EXCL_VAT&sortDirection=DESC&language=de-CH');
    expect(response.statusCode).toBe(200);
    const rows = readCsv(response.body).slice(1);
    expect(rows).toHaveLength(bulkCount);
    expect(rows[0]?.slice(0, 2)).toEqual([`B-0${bulkCount}`, 'Abgeschlossen']);
    expect(rows.at(-1)).toEqual(['B-00001', 'Abgeschlossen', '2024-01-01 01:00:00', 'Bulk AG 1', '', '100.00', 'CHF', '', '']);
    expect(new Set(rows.map((row) => row[0])).size).toBe(bulkCount);
  });

  it('exports the default filter without parameters, and refuses bad ones', async () => {
    const all = await exportCsv('');
    expect(readCsv(all.body)).toHaveLength(1 + 9 + bulkCount);
    const refused = await exportCsv('statuses=ORDERED&statuses=LOST');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ field: 'statuses.1', code: 'invalidOption' });
    expect((await exportCsv('dateRange=CUSTOM&fromDate=2025-03-02&toDate=2025-03-01')).json().errors[0]).toMatchObject({ field: 'toDate' });
  });

  // Last in the file: the order it adds would change the counts above.
  it('keeps a company with `;`, `,`, quotes, line breaks and formulas in its cell, for a reader splitting at `,` or `;`', async () => {
    const company = 'Muster AG;=1+1;x, "Zweig"\n@Basel';
    await t.database.db
      .insert(orders)
      .values(rowOf({ number: 'T-1', status: 'ORDERED', company, orderedAt: new Date('2025-05-01T08:00:00Z'), totalNetMinor: 100, contact: ['-Eva', 'Muster;+1'], references: ['=SUM(A1)', 'PO;"1",2'] }));
    const response = await exportCsv('number=T-1&language=en-US');
    expect(response.statusCode).toBe(200);
    expect(readCsv(response.body)).toEqual([
      ['Number', 'Status', 'Received (Zurich time)', 'Company', 'Customer', 'Total excl. VAT', 'Currency', 'Buyer reference', 'Purchase order number'],
      ['T-1', 'Ordered', '2025-05-01 10:00:00', `Muster AG;'=1+1;x, "Zweig"\n'@Basel`, "'-Eva Muster;'+1", '1.00', 'CHF', "'=SUM(A1)", 'PO;"1",2'],
    ]);
    for (const separator of [';', ','] as const) expect(cellsIgnoringQuotes(response.body, separator).filter(isFormula)).toEqual([]);
  });
});
