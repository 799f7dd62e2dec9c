import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { translatePlural } from '#client/lib/translate.ts';
import { bulkActionSchema, csvFlavours, staffStatusActions, type BulkAnswer, type CsvFlavour, type OrderListRow } from '#shared/schemas/orders-admin.ts';
import { adminPaths, apiBase } from '#shared/paths.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { actionLabel } from '../../labels.ts';
import { KeyboardHelp } from './keyboard-help.tsx';
import { rememberList } from './list-context.ts';
import { useListKeys, useShortcutsSetting } from './list-keys.ts';
import { OrderFilters, orderSearchSelector } from './order-filters.tsx';
import { OrderQueues } from './order-queues.tsx';
import { OrdersTable } from './orders-table.tsx';
import { exportSearch, listRequestOf, searchFromView, viewFromSearch, type OrdersView } from './orders-url.ts';
import { SavedViews } from './saved-views.tsx';
import { BulkPay } from './bulk-pay.tsx';
import './orders.css';
import { LoadFailed } from '../../load-failed.tsx';
import { useCan } from '../../staff.ts';

/**
 * `/app/admin-panel/orders`: the orders with filters, sorting, pages, a CSV export of the
 * whole filter, saved views and bulk status changes. The view lives in the address.
 */
export default function OrdersPage() {
  const t = useT();
  // Viewers read and export: no bulk status change for them.
  const canEdit = useCan('editor');
  const { language } = useLanguage();
  const [search, setSearch] = useSearchParams();
  const view = viewFromSearch(search);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<RowSelectionState>({});
  /** What the last bulk change or bulk payment (`paid`) did. */
  const [bulkResult, setBulkResult] = useState<BulkAnswer & { paid?: boolean }>();
  const navigate = useNavigate();
  /** The row the `j`/`k` keys are on, for the list at one address (another list starts without one). */
  const [cursor, setCursor] = useState<{ address: string; index: number }>();
  /** Counts the moves of `j`/`k`: each one focuses the current row's link. */
  const [focusTurn, setFocusTurn] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const [shortcuts, setShortcuts] = useShortcutsSetting();
  const [flavour, setFlavour] = useState<CsvFlavour>('STANDARD');

  const list = useQuery({ ...apiQuery(orderAdminCalls.adminOrderList, { body: listRequestOf(view) }), placeholderData: keepPreviousData });

  const changeView = (next: Partial<OrdersView>, resetPage = true) => {
    setSelected({});
    setBulkResult(undefined);
    setSearch(searchFromView({ ...view, ...(resetPage ? { page: 1 } : {}), ...next }));
  };

  const selectedIds = Object.keys(selected).filter((id) => selected[id]);
  // One status change for the selected orders.
  const bulk = useForm({
    language,
    initial: { action: '' },
    schema: bulkActionSchema,
    canSend: ({ action }) => selectedIds.length > 0 && action !== '',
    payloadOf: ({ action }) => ({ ids: selectedIds, action }),
    send: async (body) => {
      setBulkResult(await callApi(orderAdminCalls.bulkOrderAction, { body }));
      setSelected({});
      void queryClient.invalidateQueries({ queryKey: [orderAdminCalls.adminOrderList.method, orderAdminCalls.adminOrderList.path] });
    },
    refusalOf: () => ({ key: 'admin.orders.bulk.failed' }),
  });

  const data = list.data;
  const listError = list.error instanceof ApiError ? list.error : undefined;
  const rows = data?.results;
  const address = search.toString();

  const current = cursor?.address === address ? cursor.index : undefined;

  // The order's page steps through the rows of this list (list-context.ts).
  useEffect(() => {
    if (rows) rememberList({ search: address, ids: rows.map((row) => row.id) });
  }, [rows, address]);

  useListKeys(shortcuts, {
    search: () => document.querySelector<HTMLInputElement>(orderSearchSelector)?.focus(),
    move: (step: 1 | -1) => {
      if (!rows || rows.length === 0) return;
      const next = Math.min(rows.length - 1, Math.max(0, current === undefined ? (step === 1 ? 0 : rows.length - 1) : current + step));
      setCursor({ address, index: next });
      setFocusTurn((turn) => turn + 1);
    },
    open: () => {
      const row = current === undefined ? undefined : rows?.[current];
      if (row) void navigate(adminPaths.order(row.id));
      return row !== undefined;
    },
    help: () => setHelpOpen(true),
  });
  // Once the row is drawn as the current one, its link takes the focus: it is seen, read
  // out, and Enter opens it.
  useEffect(() => {
    if (focusTurn > 0 && current !== undefined) document.querySelectorAll<HTMLAnchorElement>('.admin-orders .admin-table__open')[current]?.focus();
  }, [focusTurn, current]);

  return (
    <div className="admin-orders">
      <div className="admin-page-head">
        <h1>{t('admin.orders.title')}</h1>
        <button type="button" className="admin-button admin-button--secondary" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
          {t('admin.keys.button')}
        </button>
        <div className="admin-export">
          <label>
            {t('admin.orders.csvFor')}{' '}
            <select value={flavour} onChange={(event) => setFlavour(event.target.value as CsvFlavour)}>
              {csvFlavours.map((one) => (
                <option key={one} value={one}>
                  {t(`admin.orders.csvFlavour.${one}`)}
                </option>
              ))}
            </select>
          </label>
          <a className="admin-button admin-button--secondary" href={`${apiBase}${orderAdminCalls.exportOrders.path}?${exportSearch(view, language, flavour).toString()}`} download>
            {t('admin.orders.export')}
          </a>
        </div>
      </div>

      <OrderQueues statuses={view.statuses} overdue={view.overdue} onChoose={(choice) => changeView(choice)} />
      <OrderFilters view={view} onApply={(filter) => changeView(filter)} problems={listError?.fieldErrors ?? []} />
      <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} enabled={shortcuts} onEnabledChange={setShortcuts} />
      <SavedViews view={view} onOpen={(saved) => changeView(saved)} />

      {canEdit && (
        // The bulk change and, in the overdue queue, the bulk payment: one row when there is room.
        <div className="admin-bulk-bars">
          <form className="admin-bulk" onSubmit={bulk.onSubmit}>
            <p className="admin-bulk__count" aria-live="polite">
              {translatePlural(language, 'admin.orders.selected', selectedIds.length)}
            </p>
            <label htmlFor={bulk.idOf('action')}>{t('admin.orders.bulk.label')}</label>
            <select id={bulk.idOf('action')} name="action" value={bulk.values.action} onChange={(event) => bulk.set('action', event.target.value)}>
              <option value="">{t('forms.select.placeholder')}</option>
              {staffStatusActions.map((action) => (
                <option key={action} value={action}>
                  {actionLabel(t, action)}
                </option>
              ))}
            </select>
            <button type="submit" className="admin-button" disabled={!bulk.ready || bulk.sending}>
              {t('admin.orders.bulk.apply')}
            </button>
          </form>
          {view.overdue && (
            <BulkPay
              ids={selectedIds}
              onDone={(answer) => {
                setBulkResult({ ...answer, paid: true });
                setSelected({});
                void queryClient.invalidateQueries({ queryKey: [orderAdminCalls.adminOrderList.method, orderAdminCalls.adminOrderList.path] });
                void queryClient.invalidateQueries({ queryKey: [orderAdminCalls.adminOrderQueues.method, orderAdminCalls.adminOrderQueues.path] });
              }}
            />
          )}
        </div>
      )}
      {bulkResult && <BulkResult result={bulkResult} rows={data?.results ?? []} />}
      {[...bulk.elsewhere, bulk.errorOf('action')].filter(Boolean).map((text) => (
        <p key={text} className="admin-alert" role="alert">
          {text}
        </p>
      ))}

      {list.isPending ? (
        <p role="status">{t('admin.loading')}</p>
      ) : listError && listError.fieldErrors.length > 0 ? null : list.error || !data ? (
        <LoadFailed query={list} />
      ) : data.results.length === 0 ? (
        <p className="admin-empty">{t('admin.orders.empty')}</p>
      ) : (
        <>
          <OrdersTable
            rows={data.results}
            view={view}
            selected={selected}
            onSelectedChange={setSelected}
            onSort={(sortColumn, sortDirection) => changeView({ sortColumn, sortDirection })}
            onColumnsChange={(columns) => changeView({ columns }, false)}
            busy={list.isFetching}
            current={current}
          />
          <nav className="admin-pager" aria-label={t('admin.orders.pager')}>
            <button type="button" className="admin-button admin-button--secondary" disabled={view.page <= 1} onClick={() => changeView({ page: view.page - 1 }, false)}>
              {t('admin.orders.previous')}
            </button>
            <span aria-live="polite">
              {data.totalCapped
                ? `${t('admin.orders.pageOfMore', { page: view.page, pages: data.totalPages })} · ${t('admin.orders.totalMore', { count: data.totalResults })}`
                : `${t('admin.orders.pageOf', { page: Math.min(view.page, Math.max(data.totalPages, 1)), pages: Math.max(data.totalPages, 1) })} · ${translatePlural(language, 'admin.orders.total', data.totalResults)}`}
            </span>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={view.page >= data.totalPages && !data.totalCapped}
              onClick={() => changeView({ page: view.page + 1 }, false)}
            >
              {t('admin.orders.next')}
            </button>
            <label>
              {t('admin.orders.pageSize')}{' '}
              <select value={view.pageSize} onChange={(event) => changeView({ pageSize: Number(event.target.value) })}>
                {[20, 50, 100].map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
          </nav>
        </>
      )}
    </div>
  );
}

/** What a bulk change did: how many orders changed, and why the others did not. */
function BulkResult({ result, rows }: { result: BulkAnswer & { paid?: boolean }; rows: readonly OrderListRow[] }) {
  const t = useT();
  const { language } = useLanguage();
  const nameOf = (id: string) => rows.find((row) => row.id === id)?.number ?? id;
  return (
    <div className="admin-bulk-result" role="status">
      <p>{t(result.paid ? 'admin.orders.bulkPay.result' : 'admin.orders.bulk.result', { succeeded: result.succeeded.length, refused: result.refused.length })}</p>
      {result.refused.length > 0 && (
        <ul>
          {result.refused.map((refusal) => (
            <li key={refusal.id}>
              {nameOf(refusal.id)}: {refusal.messagesByLanguage[language]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
