import { useQuery } from '@tanstack/react-query';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { adminPaths } from '#shared/paths.ts';
import { apiQuery } from '#client/lib/queries.ts';
import { recalledList, type ListContext } from '../orders/list-context.ts';
import { listRequestOf, searchFromView, viewFromSearch } from '../orders/orders-url.ts';

/** One step to a neighbouring order; across a page edge, with the list's page it lands on. */
export interface ListStep {
  id: string;
  /** The page of the list the order is on, to remember before going there (list-context.ts). */
  page?: ListContext;
}

export interface ListSteps {
  /** The list's address, to go back to (its filters, search, sort and page). */
  backTo: string;
  /** Undefined while the order is not on the remembered list page. */
  around?: { previous?: ListStep | undefined; next?: ListStep | undefined };
}

/**
 * Where the order page's "previous" and "next" lead within the list it was opened from,
 * across page edges: past the last order of a page comes the first of the next page, read
 * with the list's own call (filters, search and sort kept); before the first, the last of
 * the page before. At the list's very ends there is no step.
 */
export function useListSteps(orderId: string): ListSteps {
  const list = recalledList();
  const place = list ? list.ids.indexOf(orderId) : -1;
  const view = viewFromSearch(new URLSearchParams(list?.search ?? ''));
  const ids = list?.ids ?? [];
  // A page shorter than a full one is the last: nothing to read after it.
  const atEnd = place >= 0 && place === ids.length - 1 && ids.length >= view.pageSize;
  const atStart = place === 0 && view.page > 1;
  const pageAfter = { ...view, page: view.page + 1 };
  const pageBefore = { ...view, page: view.page - 1 };
  const after = useQuery({ ...apiQuery(orderAdminCalls.adminOrderList, { body: listRequestOf(pageAfter) }), enabled: atEnd });
  const before = useQuery({ ...apiQuery(orderAdminCalls.adminOrderList, { body: listRequestOf(pageBefore) }), enabled: atStart });

  const backTo = `${adminPaths.orders()}${list?.search ? `?${list.search}` : ''}`;
  if (!list || place < 0) return { backTo };
  const onPage = (id: string | undefined): ListStep | undefined => (id === undefined ? undefined : { id });
  const onOtherPage = (rows: { id: string }[] | undefined, pick: 'first' | 'last', search: string): ListStep | undefined => {
    const row = pick === 'first' ? rows?.[0] : rows?.at(-1);
    return row && rows ? { id: row.id, page: { search, ids: rows.map((one) => one.id) } } : undefined;
  };
  return {
    backTo,
    around: {
      previous: place > 0 ? onPage(ids[place - 1]) : atStart ? onOtherPage(before.data?.results, 'last', searchFromView(pageBefore).toString()) : undefined,
      next: place < ids.length - 1 ? onPage(ids[place + 1]) : atEnd ? onOtherPage(after.data?.results, 'first', searchFromView(pageAfter).toString()) : undefined,
    },
  };
}
