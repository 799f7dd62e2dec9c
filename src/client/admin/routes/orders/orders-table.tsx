import {
  columnVisibilityFeature,
  createColumnHelper,
  functionalUpdate,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDateTime, formatIsoDay, formatShortDateTime } from '#shared/dates.ts';
import { formatMoney } from '#shared/money.ts';
import { adminPaths } from '#shared/paths.ts';
import { orderColumns, orderSortColumns, overdueSortColumns, type OrderListRow, type OrderSortColumn } from '#shared/schemas/orders-admin.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { statusLabel } from '../../labels.ts';
import type { OrderColumn, OrdersView } from './orders-url.ts';
import { TableScroll } from '../../table-scroll.tsx';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnVisibilityFeature });
const column = createColumnHelper<typeof features, OrderListRow>();

const isSortColumn = (id: string): id is OrderSortColumn => (orderSortColumns as readonly string[]).includes(id);

/** The columns, by the ids the API sorts by and saved views name. */
function useColumns() {
  const t = useT();
  const { language } = useLanguage();
  return column.columns([
    column.display({
      id: 'select',
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label={t('admin.orders.selectAll')}
          checked={table.getIsAllPageRowsSelected()}
          ref={(element) => {
            if (element) element.indeterminate = table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected();
          }}
          onChange={(event) => table.toggleAllPageRowsSelected(event.target.checked)}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={t('admin.orders.selectOne', { number: row.original.number ?? row.original.id })}
          checked={row.getIsSelected()}
          onChange={(event) => row.toggleSelected(event.target.checked)}
        />
      ),
    }),
    column.accessor('status', {
      id: 'STATUS',
      header: t('admin.orders.column.STATUS'),
      cell: ({ row }) => <span className={`admin-status admin-status--${row.original.status.toLowerCase()}`}>{statusLabel(t, row.original.status)}</span>,
    }),
    column.accessor('received', {
      id: 'RECEIVED',
      header: t('admin.orders.column.RECEIVED'),
      cell: ({ row }) =>
        row.original.received ? (
          <time dateTime={row.original.received} title={formatDateTime(row.original.received, language)}>
            {formatShortDateTime(row.original.received, language)}
          </time>
        ) : (
          '–'
        ),
    }),
    column.accessor('customer', { id: 'CUSTOMER', header: t('admin.orders.column.CUSTOMER'), cell: ({ row }) => row.original.customer ?? '–' }),
    column.accessor('number', {
      id: 'NUMBER',
      header: t('admin.orders.column.NUMBER'),
      cell: ({ row }) => (
        <Link to={adminPaths.order(row.original.id)} className="admin-table__open">
          {row.original.number ?? t('admin.orders.noNumber')}
        </Link>
      ),
    }),
    column.accessor('company', { id: 'COMPANY', header: t('admin.orders.column.COMPANY'), cell: ({ row }) => row.original.company ?? '–' }),
    column.accessor('totalExclVat', {
      id: 'TOTAL_EXCL_VAT',
      header: t('admin.orders.column.TOTAL_EXCL_VAT'),
      cell: ({ row }) => (row.original.totalExclVat === null ? '–' : formatMoney(row.original.totalExclVat, row.original.currency)),
    }),
    column.accessor('currency', { id: 'CURRENCY', header: t('admin.orders.column.CURRENCY') }),
    // The overdue queue's own columns: what the order's open invoices owe.
    column.accessor((row) => row.overdue?.open ?? null, {
      id: 'OPEN_AMOUNT',
      header: t('admin.orders.column.OPEN_AMOUNT'),
      cell: ({ row }) => (row.original.overdue ? formatMoney(row.original.overdue.open, row.original.currency) : '–'),
    }),
    column.accessor((row) => row.overdue?.oldestDueOn ?? null, {
      id: 'OLDEST_DUE',
      header: t('admin.orders.column.OLDEST_DUE'),
      cell: ({ row }) =>
        row.original.overdue ? <time dateTime={row.original.overdue.oldestDueOn}>{formatIsoDay(row.original.overdue.oldestDueOn, language)}</time> : '–',
    }),
    column.accessor((row) => row.overdue?.reminderLevel ?? null, {
      id: 'REMINDER_LEVEL',
      header: t('admin.orders.column.REMINDER_LEVEL'),
      cell: ({ row }) => row.original.overdue?.reminderLevel ?? '–',
    }),
    column.accessor((row) => row.overdue?.daysOverdue ?? null, {
      id: 'DAYS_OVERDUE',
      header: t('admin.orders.column.DAYS_OVERDUE'),
      cell: ({ row }) => row.original.overdue?.daysOverdue ?? '–',
    }),
  ]);
}

/**
 * Which columns show: the view's; in the overdue queue also what is owed, which takes the
 * place of the total at purchase and its currency (the open amount names its currency).
 */
function visibleColumns(view: OrdersView): Record<string, boolean> {
  const owed = Object.fromEntries(overdueSortColumns.map((id) => [id, view.overdue]));
  const chosen = Object.fromEntries(orderColumns.map((id) => [id, view.columns.includes(id)]));
  return view.overdue ? { ...chosen, TOTAL_EXCL_VAT: false, CURRENCY: false, ...owed } : { ...chosen, ...owed };
}

/**
 * The orders of one page: Status, Date, Customer and Order (the link to its detail) as
 * in every view, plus company, total excl. VAT and currency; the visible ones are the
 * view's. The overdue queue shows what is owed instead of the total (visibleColumns). A header button sorts by its column (the server sorts); rows can be selected
 * for a bulk change.
 */
export function OrdersTable({
  rows,
  view,
  selected,
  onSelectedChange,
  onSort,
  onColumnsChange,
  busy,
  current,
}: {
  rows: OrderListRow[];
  view: OrdersView;
  selected: RowSelectionState;
  onSelectedChange: (selected: RowSelectionState) => void;
  onSort: (column: OrderSortColumn, direction: 'ASC' | 'DESC') => void;
  onColumnsChange: (columns: OrderColumn[]) => void;
  busy: boolean;
  /** The row the `j`/`k` keys are on. */
  current: number | undefined;
}) {
  const t = useT();
  const columns = useColumns();
  const sorting: SortingState = [{ id: view.sortColumn, desc: view.sortDirection === 'DESC' }];
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => row.id,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: {
      sorting,
      rowSelection: selected,
      columnVisibility: visibleColumns(view),
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = functionalUpdate(updater, sorting);
      if (next && isSortColumn(next.id)) onSort(next.id, next.desc ? 'DESC' : 'ASC');
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => onSelectedChange(functionalUpdate(updater, selected)),
  });

  return (
    <>
      <details className="admin-columns">
        <summary>{t('admin.orders.columns')}</summary>
        <fieldset>
          <legend className="admin-sr-only">{t('admin.orders.columns')}</legend>
          {orderColumns.map((id) => (
            <label key={id} className="form__choice">
              <input
                type="checkbox"
                checked={view.columns.includes(id)}
                disabled={view.columns.length === 1 && view.columns.includes(id)}
                onChange={(event) => onColumnsChange(event.target.checked ? orderColumns.filter((c) => c === id || view.columns.includes(c)) : view.columns.filter((c) => c !== id))}
              />
              {t(`admin.orders.column.${id}`)}
            </label>
          ))}
        </fieldset>
      </details>
      <TableScroll label={t('admin.orders.caption')}>
        <table className="admin-table" aria-busy={busy}>
          <caption className="admin-sr-only">{t('admin.orders.caption')}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = isSortColumn(header.column.id);
                  const direction = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                    >
                      {sortable ? (
                        <button type="button" className="admin-table__sort" onClick={header.column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          <span aria-hidden="true">{direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}</span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={[row.getIsSelected() ? 'is-selected' : '', row.index === current ? 'is-current' : ''].join(' ').trim() || undefined}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={`admin-table__cell--${cell.column.id.toLowerCase()}`}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
