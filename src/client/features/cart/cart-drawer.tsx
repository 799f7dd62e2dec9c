import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { MessageKey, MessageParams } from '#shared/i18n/catalogue.ts';
import { translate } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import { lineAmountPerInvoice } from '#shared/cart-lines.ts';
import { formatCartMoney } from '#shared/money.ts';
import type { Cart } from '#shared/schemas/cart.ts';
import { ApiError } from '#client/lib/api.ts';
import { useWidgetTexts } from '#client/lib/widget-texts.ts';
import { cartHref, fetchCart, readCartId } from '#client/features/cart/cart.ts';
import { CartTotals, lineSeatsText } from '#client/features/cart/cart-totals.tsx';
import { cartEvents, onCartEvent } from '#client/features/cart/cart-events.ts';
import './cart-drawer.css';

// The save form brings the form layout and the captcha: fetched only when asked for.
const SaveCartForm = lazy(() => import('./save-cart-form.tsx').then((m) => ({ default: m.SaveCartForm })));

type State = { status: 'loading' } | { status: 'none' } | { status: 'gone' } | { status: 'failed' } | { status: 'ready'; cart: Cart };

/**
 * The cart drawer: a modal dialog sliding in from the right with the title, a
 * go-to-cart button, the lines (title, seats, minimum term when monthly, the amount per
 * month or once in the order currency), what is due today and per month, the empty-cart
 * text and, while the cart is not saved, the
 * save-cart button. The native <dialog> moves focus in, keeps it there and closes on
 * Escape; the cart button gets the focus back.
 */
export default function CartDrawer({ language, onClose }: { language: Language; onClose: () => void }) {
  // On a marketing page its texts come with it (the cart button renders it in a Suspense boundary).
  useWidgetTexts(language);
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<State>(() => (readCartId() ? { status: 'loading' } : { status: 'none' }));
  const [saving, setSaving] = useState(false);
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    let active = true;
    const load = () => {
      const id = readCartId();
      if (!id) return;
      fetchCart(id, language)
        .then((cart) => {
          if (active) setState({ status: 'ready', cart });
        })
        .catch((error: unknown) => {
          if (!active) return;
          if (error instanceof ApiError && error.isGone) {
            setState({ status: 'gone' });
          } else {
            console.error('cart drawer failed', error);
            setState({ status: 'failed' });
          }
        });
    };
    load();
    const stopListening = onCartEvent(cartEvents.changed, load);
    return () => {
      active = false;
      stopListening();
    };
  }, [language]);

  const cart = state.status === 'ready' ? state.cart : undefined;
  const activeItems = cart?.items.filter((item) => item.status === 'ACTIVE') ?? [];

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
        {state.status === 'loading' && <p role="status">{t('shop.cart.loading')}</p>}
        {state.status === 'failed' && <p role="alert">{t('shop.cart.loadFailed')}</p>}
        {state.status === 'gone' && <p role="alert">{t('shop.cart.notFound')}</p>}
        {(state.status === 'none' || (cart && activeItems.length === 0)) && <p>{t('shop.cart.empty')}</p>}
        {cart && activeItems.length > 0 && !saving && (
          <>
            <ul className="cart-drawer__items">
              {activeItems.map((item) => (
                <li key={item.id}>
                  <span className="cart-drawer__title">{item.product.translations[language]?.title ?? item.product.title}</span>
                  <span className="cart-drawer__seats">{lineSeatsText(item, language)}</span>
                  <span className="cart-drawer__amount">
                    {formatCartMoney(lineAmountPerInvoice(item), cart.currency)} {cart.currency}
                    {item.paymentFrequency === 'MONTHLY' && <span className="cart-drawer__per"> {t('shop.cart.perMonth')}</span>}
                  </span>
                </li>
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
              onSaved={() => setState({ status: 'ready', cart: { ...cart, isSubscribed: true } })}
            />
          </Suspense>
        )}
        <div className="cart-drawer__actions">
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
