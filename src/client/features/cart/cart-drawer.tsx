import { lazy, Suspense, useContext, useEffect, useRef, useState } from 'react';
import { QueryClientContext, QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessageKey, MessageParams } from '#shared/i18n/catalogue.ts';
import { translate } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import { lineAmountPerInvoice } from '#shared/cart-lines.ts';
import { formatCartMoney } from '#shared/money.ts';
import type { Cart, CartItem } from '#shared/schemas/cart.ts';
import { createQueryClient } from '#client/lib/queries.ts';
import { useWidgetTexts } from '#client/lib/widget-texts.ts';
import { cartHref, readCartId } from '#client/features/cart/cart.ts';
import { CartTotals, lineSeatsText } from '#client/features/cart/cart-totals.tsx';
import { cartEvents, onCartEvent } from '#client/features/cart/cart-events.ts';
import { cartsQueryKey, putCart, useCart, useCartChanges } from '#client/features/cart/use-cart.ts';
import './cart-drawer.css';

// The save form brings the form layout and the captcha: fetched only when asked for.
const SaveCartForm = lazy(() => import('./save-cart-form.tsx').then((m) => ({ default: m.SaveCartForm })));

interface CartDrawerProps {
  language: Language;
  /** The cart an add on this page answered, handed over by the add's event (cart-events.ts). */
  answered?: Cart;
  onClose: () => void;
}

/**
 * The query client of a marketing page, whose widgets have none: made when the drawer
 * first opens and kept for the page. A change made outside it (the exit-intent popup saves
 * the cart, the currency selector re-prices it) marks the cached cart stale.
 */
let pageQueryClient: QueryClient | undefined;
function marketingPageQueryClient(): QueryClient {
  if (pageQueryClient) return pageQueryClient;
  const client = createQueryClient();
  onCartEvent(cartEvents.changed, () => void client.invalidateQueries({ queryKey: cartsQueryKey }));
  pageQueryClient = client;
  return client;
}

/**
 * The cart drawer, in the app inside its query client, on a marketing page inside the
 * page's own (`marketingPageQueryClient`).
 */
export default function CartDrawer(props: CartDrawerProps) {
  const appClient = useContext(QueryClientContext);
  if (appClient) return <CartDrawerDialog {...props} />;
  return (
    <QueryClientProvider client={marketingPageQueryClient()}>
      <CartDrawerDialog {...props} />
    </QueryClientProvider>
  );
}

/**
 * The cart drawer: a modal dialog sliding in from the right with the title, a
 * go-to-cart button, the lines (title, seats to change, minimum term when monthly, the
 * amount per month or once in the order currency, a remove button with undo), what is
 * due today and per month, the empty-cart text, "Continue shopping" (closes it) and,
 * while the cart is not saved, the save-cart button. The native <dialog> moves focus in, keeps it there and closes on
 * Escape; the cart button gets the focus back. The cart and its changes are the cart page's
 * (use-cart.ts).
 */
function CartDrawerDialog({ language, answered, onClose }: CartDrawerProps) {
  // On a marketing page its texts come with it (the cart button renders it in a Suspense boundary).
  useWidgetTexts(language);
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  // The cart an add answered goes into the cache before the drawer reads it: no second round trip.
  const [cartId] = useState(() => {
    if (answered) putCart(queryClient, answered);
    return readCartId();
  });
  const { cart, gone, isError } = useCart(cartId, language);
  const changes = useCartChanges(cartId ?? '', language);
  const [saving, setSaving] = useState(false);
  const removed = changes.lastRemoved;
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const activeItems = cart?.items.filter((item) => item.status === 'ACTIVE') ?? [];
  const loading = cartId !== undefined && !cart && !isError;
  // The drawer shows what went wrong (`changes.failed`); the line has nothing more to do.
  const change = (run: Promise<Cart>) => void run.catch(() => undefined);

  return (
    <dialog
      ref={dialog}
      className="cart-drawer"
      aria-labelledby="cart-drawer-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === dialog.current) dialog.current?.close();
      }}
    >
      <div className="cart-drawer__panel">
        <div className="cart-drawer__head">
          <h2 id="cart-drawer-title">{t('shop.cart.drawerTitle')}</h2>
          <button type="button" className="cart-drawer__close" onClick={() => dialog.current?.close()}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('shop.cart.close')}</span>
          </button>
        </div>
        {loading && <p role="status">{t('shop.cart.loading')}</p>}
        {isError && !gone && <p role="alert">{t('shop.cart.loadFailed')}</p>}
        {gone && <p role="alert">{t('shop.cart.notFound')}</p>}
        {(cartId === undefined || (cart && activeItems.length === 0)) && <p>{t('shop.cart.empty')}</p>}
        {changes.failed && <p role="alert">{t('shop.cart.changeFailed')}</p>}
        {removed && !saving && (
          <p className="cart-drawer__removed" role="status">
            {t('shop.cart.removedItem', { title: titleOf(removed, language) })}{' '}
            <button type="button" className="cart-drawer__link" onClick={() => change(changes.undo(removed))}>
              {t('shop.cart.undo')}
            </button>
          </p>
        )}
        {cart && activeItems.length > 0 && !saving && (
          <>
            <ul className="cart-drawer__items">
              {activeItems.map((item) => (
                <DrawerLine key={item.id} item={item} currency={cart.currency} language={language} onChange={(body) => change(changes.update(item, body))} />
              ))}
            </ul>
            <CartTotals cart={cart} language={language} />
          </>
        )}
        {cart && saving && (
          <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
            <SaveCartForm
              cartId={cart.id}
              language={language}
              onSaved={() => putCart(queryClient, { ...cart, isSubscribed: true })}
            />
          </Suspense>
        )}
        <div className="cart-drawer__actions">
          <button type="button" className="button button--secondary button--block" onClick={() => dialog.current?.close()}>
            {t('shop.cart.continueShopping')}
          </button>
          {cart && (
            <a className="button button--block" href={cartHref(cart.id)}>
              {t('shop.cart.goToCart')}
            </a>
          )}
          {cart && activeItems.length > 0 && !cart.isSubscribed && !saving && (
            <button type="button" className="button button--secondary button--block" onClick={() => setSaving(true)}>
              {t('shop.cart.save.button')}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}

const titleOf = (item: CartItem, language: Language) => item.product.translations[language]?.title ?? item.product.title;

/**
 * A line of the drawer: its title, its seats as a number field (saved when the field is
 * left or Enter is pressed; a number outside 1 to 10 000 goes back to the saved one), what
 * it costs, and its remove button. What is typed counts for the saved quantity it was
 * typed over: once a change is saved, the field shows the saved number.
 */
function DrawerLine({
  item,
  currency,
  language,
  onChange,
}: {
  item: CartItem;
  currency: Cart['currency'];
  language: Language;
  onChange: (body: { quantity?: number; status?: CartItem['status'] }) => void;
}) {
  const [typed, setTyped] = useState<{ over: number; value: string }>();
  const seats = typed?.over === item.quantity ? typed.value : String(item.quantity);
  const setSeats = (value: string) => setTyped({ over: item.quantity, value });
  const title = titleOf(item, language);
  const save = () => {
    const quantity = Number(seats);
    if (Number.isInteger(quantity) && quantity >= 1 && quantity <= 10_000 && quantity !== item.quantity) onChange({ quantity });
    else setSeats(String(item.quantity));
  };
  return (
    <li>
      <span className="cart-drawer__title">{title}</span>
      <span className="cart-drawer__seats">{lineSeatsText(item, language)}</span>
      <span className="cart-drawer__amount">
        {formatCartMoney(lineAmountPerInvoice(item), currency)} {currency}
        {item.paymentFrequency === 'MONTHLY' && <span className="cart-drawer__per"> {translate(language, 'shop.cart.perMonth')}</span>}
      </span>
      <span className="cart-drawer__edit">
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={10000}
          step={1}
          value={seats}
          aria-label={translate(language, 'shop.cart.quantityOf', { title })}
          onChange={(event) => setSeats(event.target.value)}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
          }}
        />
        <button type="button" className="cart-drawer__link" onClick={() => onChange({ status: 'REMOVED' })} aria-label={translate(language, 'shop.cart.removeItem', { title })}>
          {translate(language, 'shop.cart.remove')}
        </button>
      </span>
    </li>
  );
}
