import { useEffect } from 'react';
import { useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cartCalls } from '#shared/contract/cart.ts';
import type { Language } from '#shared/locales.ts';
import type { Cart, CartItem, UpdateItem } from '#shared/schemas/cart.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { apiQuery } from '#client/lib/queries.ts';
import { followCart, forgetCart } from './cart.ts';

/**
 * The cart in the browser: the query cache holds it, under the key of the cart call
 * (which the server fills when it renders the cart page, app/routes/shopping-cart.tsx).
 * Every change answers the whole cart, which replaces the cached one; the drawer, the
 * cart page and the header's count read it from there (docs/decisions/060-one-cart-store.md).
 */

/** The cart call's input: the cart page's query, which the server answers when it renders the page. */
export const cartInput = (orderId: string, language: Language) => ({ params: { orderId }, query: { language } });

/** The cart's query: the cart call, nothing else (what a loaded cart tells the page is done by `useCart`). */
const cartQuery = (orderId: string, language: Language) => apiQuery(cartCalls.cart, cartInput(orderId, language));

/**
 * How long a cart the server answered counts as the cart: every change this browser makes
 * answers the whole cart, so the drawer opened after an add shows the add's answer without
 * asking again.
 */
const answeredCartFreshMs = 30_000;

/** The key every cart's query starts with. */
export const cartsQueryKey = cartQuery('', 'en-US').queryKey.slice(0, 2);

/** Puts a cart the server answered into the cache (an add on a marketing page hands it to the drawer this way). */
export function putCart(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(cartQuery(cart.id, cart.language).queryKey, cart);
}

/**
 * The answers whose count and currency the page has followed. Each answer once: a drawer
 * opened again shows the cached cart, which must not put back a currency the visitor has
 * changed since (the re-pricing's answer follows).
 */
const followedAnswers = new WeakSet<Cart>();

/**
 * The cart `orderId` (none: nothing is asked), from the cache or the server. What an
 * answered cart tells the page (the header's count, the currency) follows each new answer;
 * a cart that is gone (403/404) is forgotten.
 */
export function useCart(orderId: string | undefined, language: Language) {
  const query = useQuery({ ...cartQuery(orderId ?? '', language), enabled: orderId !== undefined, staleTime: answeredCartFreshMs });
  const cart = query.data;
  const gone = query.error instanceof ApiError && query.error.isGone;
  useEffect(() => {
    if (!cart || followedAnswers.has(cart)) return;
    followedAnswers.add(cart);
    followCart(cart);
  }, [cart]);
  useEffect(() => {
    if (gone) forgetCart();
  }, [gone]);
  return { ...query, cart, gone };
}

/** A change of one line: its fields (quantity, status, term), or the largest quantity of the cart's other lines. */
type CartChange = { item: CartItem; body: UpdateItem } | { item: CartItem; matchCount: true };

const changeKey = (orderId: string) => ['cart-change', orderId] as const;

const isRemoval = (change: CartChange | undefined): change is { item: CartItem; body: UpdateItem } =>
  change !== undefined && 'body' in change && change.body.status === 'REMOVED';

/**
 * The one set of changes of a cart, for the drawer and the cart page: each answer is the
 * whole cart and replaces the cached one (the header's count follows through `useCart`).
 * The undo is the same for both: `lastRemoved` is the line whose removal was the last
 * change of this cart (kept by the query client's mutation cache, so the drawer offers back
 * a line removed on the page and the other way round), and `undo` puts it back.
 */
export function useCartChanges(orderId: string, language: Language) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationKey: changeKey(orderId),
    mutationFn: (next: CartChange) =>
      'matchCount' in next
        ? callApi(cartCalls.matchCount, { params: { orderId, itemId: next.item.id }, query: { language } })
        : callApi(cartCalls.updateCartItem, { params: { orderId, itemId: next.item.id }, query: { language }, body: next.body }),
    onSuccess: (fresh) => putCart(queryClient, fresh),
    onError: (failure) => {
      // A cart that vanished meanwhile: loading it again shows (and forgets) it as gone.
      if (failure instanceof ApiError && failure.isGone) void queryClient.invalidateQueries({ queryKey: cartQuery(orderId, language).queryKey });
      else if (!(failure instanceof ApiError && failure.status === 400)) console.error('[cart] change failed', failure);
    },
  });
  const changes = useMutationState({
    filters: { mutationKey: changeKey(orderId) },
    select: (mutation) => ({ status: mutation.state.status, variables: mutation.state.variables as CartChange | undefined }),
  });
  const last = changes.at(-1);
  const lastRemoved = last?.status === 'success' && isRemoval(last.variables) ? last.variables.item : undefined;
  const update = (item: CartItem, body: UpdateItem) => change.mutateAsync({ item, body });
  return {
    update,
    remove: (item: CartItem) => update(item, { status: 'REMOVED' }),
    undo: (item: CartItem) => update(item, { status: 'ACTIVE' }),
    matchCount: (item: CartItem) => change.mutateAsync({ item, matchCount: true }),
    lastRemoved,
    /** A change failed for a reason the page shows above the lines (a refused value is shown at its line, a cart that is gone as gone). */
    failed: change.error !== null && !(change.error instanceof ApiError && (change.error.status === 400 || change.error.isGone)),
  };
}
