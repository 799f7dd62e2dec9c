/**
 * The list an order was opened from: its address and the orders of its page, kept for
 * this browser tab, so the order's page can step to the next and previous order of that
 * list and lead back to it.
 */
const storageKey = 'admin.orders.list';

export interface ListContext {
  /** The orders table's address (`?q=…&status=…`). */
  search: string;
  ids: string[];
}

export function rememberList(context: ListContext): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(context));
  } catch {
    // Without storage the order's page simply has no next and previous.
  }
}

export function recalledList(): ListContext | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
    if (value && typeof value === 'object' && 'search' in value && 'ids' in value && Array.isArray(value.ids) && typeof value.search === 'string') {
      return { search: value.search, ids: value.ids.filter((id): id is string => typeof id === 'string') };
    }
  } catch {
    // A damaged entry counts as none.
  }
  return undefined;
}
