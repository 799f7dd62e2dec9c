import { orderStatuses, type OrderStatus } from '#shared/orders.ts';
import {
  dateRanges,
  orderColumns,
  orderListLimits,
  orderSortColumns,
  sortDirections,
  type CsvFlavour,
  type DateRange,
  type OrderSortColumn,
} from '#shared/schemas/orders-admin.ts';

/**
 * The orders table's view lives in the address (`?status=ORDERED&sort=NUMBER&page=2`), so
 * a view can be bookmarked, shared and restored with Back. This reads and writes it;
 * values that make no sense are dropped, so a hand-edited address still opens a view.
 */
export type OrderColumn = (typeof orderColumns)[number];

export interface OrdersView {
  statuses: OrderStatus[];
  company: string;
  number: string;
  /** The one search box's text. */
  search: string;
  dateRange: DateRange;
  fromDate: string;
  toDate: string;
  /** The overdue queue: orders with an invoice open after its last reminder. */
  overdue: boolean;
  sortColumn: OrderSortColumn;
  sortDirection: 'ASC' | 'DESC';
  page: number;
  pageSize: number;
  columns: OrderColumn[];
}

const defaultColumns: readonly OrderColumn[] = orderColumns;

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

export function viewFromSearch(search: URLSearchParams): OrdersView {
  const statuses = search
    .getAll('status')
    .flatMap((value) => value.split(','))
    .filter((value): value is OrderStatus => (orderStatuses as readonly string[]).includes(value));
  const columns = (search.get('cols') ?? '')
    .split(',')
    .filter((value): value is OrderColumn => (orderColumns as readonly string[]).includes(value));
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('size'));
  return {
    statuses: [...new Set(statuses)],
    company: search.get('company') ?? '',
    number: search.get('number') ?? '',
    search: search.get('q') ?? '',
    dateRange: pick(search.get('range'), dateRanges, 'ALL'),
    fromDate: isoDay(search.get('from')),
    toDate: isoDay(search.get('to')),
    overdue: search.get('overdue') === '1',
    sortColumn: pick(search.get('sort'), orderSortColumns, 'STATUS'),
    sortDirection: pick(search.get('dir'), sortDirections, 'ASC'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= orderListLimits.maxPageSize ? pageSize : orderListLimits.defaultPageSize,
    columns: columns.length > 0 ? [...new Set(columns)] : [...defaultColumns],
  };
}

/** The address of a view; defaults are left out so addresses stay short. */
export function searchFromView(view: OrdersView): URLSearchParams {
  const search = new URLSearchParams();
  for (const status of view.statuses) search.append('status', status);
  if (view.company) search.set('company', view.company);
  if (view.number) search.set('number', view.number);
  if (view.search) search.set('q', view.search);
  if (view.dateRange !== 'ALL') search.set('range', view.dateRange);
  if (view.dateRange === 'CUSTOM' && view.fromDate) search.set('from', view.fromDate);
  if (view.dateRange === 'CUSTOM' && view.toDate) search.set('to', view.toDate);
  if (view.overdue) search.set('overdue', '1');
  if (view.sortColumn !== 'STATUS') search.set('sort', view.sortColumn);
  if (view.sortDirection !== 'ASC') search.set('dir', view.sortDirection);
  if (view.page !== 1) search.set('page', String(view.page));
  if (view.pageSize !== orderListLimits.defaultPageSize) search.set('size', String(view.pageSize));
  if (view.columns.length !== defaultColumns.length || view.columns.some((column, index) => column !== defaultColumns[index])) {
    search.set('cols', view.columns.join(','));
  }
  return search;
}

/** The filter part of a view, as the list and the CSV export take it. */
export function filterOf(view: OrdersView) {
  return {
    ...(view.statuses.length > 0 ? { statuses: view.statuses } : {}),
    ...(view.company.trim() ? { company: view.company.trim() } : {}),
    ...(view.number.trim() ? { number: view.number.trim() } : {}),
    ...(view.search.trim() ? { search: view.search.trim() } : {}),
    dateRange: view.dateRange,
    ...(view.dateRange === 'CUSTOM' && view.fromDate ? { fromDate: view.fromDate } : {}),
    ...(view.dateRange === 'CUSTOM' && view.toDate ? { toDate: view.toDate } : {}),
    ...(view.overdue ? { overdue: true } : {}),
  };
}

/** The list call's body for the view: its filter, sort and page. */
export function listRequestOf(view: OrdersView) {
  return { ...filterOf(view), sortColumn: view.sortColumn, sortDirection: view.sortDirection, page: view.page, pageSize: view.pageSize };
}

/** The CSV export of every row of the view's filter, in its sort order. */
export function exportSearch(view: OrdersView, language: string, flavour: CsvFlavour = 'STANDARD'): URLSearchParams {
  const filter = filterOf(view);
  const search = new URLSearchParams();
  for (const status of filter.statuses ?? []) search.append('statuses', status);
  for (const key of ['company', 'number', 'search', 'dateRange', 'fromDate', 'toDate'] as const) {
    const value = filter[key];
    if (value) search.set(key, value);
  }
  if (filter.overdue) search.set('overdue', 'true');
  search.set('sortColumn', view.sortColumn);
  search.set('sortDirection', view.sortDirection);
  search.set('language', language);
  if (flavour !== 'STANDARD') search.set('flavour', flavour);
  return search;
}
