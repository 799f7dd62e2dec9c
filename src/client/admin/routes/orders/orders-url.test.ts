import { describe, expect, it } from 'vitest';
import { exportSearch, filterOf, searchFromView, viewFromSearch } from './orders-url.ts';

describe('the orders view in the address', () => {
  it('reads a shared address and writes it back the same', () => {
    const search = new URLSearchParams('status=ORDERED&status=INVOICED&company=acme&q=anna%40example.ch&range=CUSTOM&from=2026-01-01&to=2026-03-31&sort=NUMBER&dir=DESC&page=3&size=50&cols=NUMBER,STATUS');
    const view = viewFromSearch(search);
    expect(view).toMatchObject({
      statuses: ['ORDERED', 'INVOICED'],
      company: 'acme',
      search: 'anna@example.ch',
      dateRange: 'CUSTOM',
      fromDate: '2026-01-01',
      toDate: '2026-03-31',
      sortColumn: 'NUMBER',
      sortDirection: 'DESC',
      page: 3,
      pageSize: 50,
      columns: ['NUMBER', 'STATUS'],
    });
    expect(viewFromSearch(searchFromView(view))).toEqual(view);
  });

  it('falls back to the defaults for values that make no sense', () => {
    const view = viewFromSearch(new URLSearchParams('status=NOPE&sort=PRICE&dir=UP&page=-2&size=10000&range=SOMEDAY&from=yesterday'));
    expect(view).toMatchObject({ statuses: [], sortColumn: 'STATUS', sortDirection: 'ASC', page: 1, pageSize: 20, dateRange: 'ALL', fromDate: '' });
    expect(searchFromView(view).toString()).toBe('');
  });

  it('exports every row of the filter in the view sort order', () => {
    const view = viewFromSearch(new URLSearchParams('status=PAID&company=Acme&q=muster&sort=COMPANY&page=4'));
    expect(exportSearch(view, 'de-CH').toString()).toBe('statuses=PAID&company=Acme&search=muster&dateRange=ALL&sortColumn=COMPANY&sortDirection=ASC&language=de-CH');
  });

  it('keeps the overdue queue in the address, the list filter and the export', () => {
    const view = viewFromSearch(new URLSearchParams('overdue=1'));
    expect(view.overdue).toBe(true);
    expect(searchFromView(view).toString()).toBe('overdue=1');
    expect(filterOf(view)).toMatchObject({ overdue: true });
    expect(exportSearch(view, 'en-US').get('overdue')).toBe('true');
    expect(viewFromSearch(new URLSearchParams('overdue=yes')).overdue).toBe(false);
  });
});
