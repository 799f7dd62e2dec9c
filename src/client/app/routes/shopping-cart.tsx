import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { currencies, type Currency } from '#shared/locales.ts';
import type { Cart, CartItem } from '#shared/schemas/cart.ts';
import { ApiError } from '#client/lib/api.ts';
import { cartApi, forgetCart, rememberCart } from '#client/lib/cart-api.ts';
import { writeCookie } from '#client/lib/cookies.ts';
import { cookies } from '#shared/cookies.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CartMoney } from '#client/features/cart/cart-money.tsx';
import { SaveCartForm } from '#client/features/cart/save-cart-form.tsx';
import { appPaths, sitePath } from '#shared/paths.ts';
import './shopping-cart.css';
import './checkout/link-button.css';

type State = { status: 'loading' } | { status: 'gone' } | { status: 'failed' } | { status: 'ready'; cart: Cart };

/** `/app/orders/{id}/shopping-cart`: change seats, remove with undo, currency, totals, save. */
export default function ShoppingCartPage() {
  const { orderId = '' } = useParams();
  const { language } = useLanguage();
  const t = useT();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [changeError, setChangeError] = useState<string>();

  const handleFailure = useCallback((error: unknown) => {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
      // SPEC §4: a cart that answers 403/404 is gone; forget it.
      forgetCart();
      setState({ status: 'gone' });
      return;
    }
    console.error(error);
    setState((current) => (current.status === 'ready' ? current : { status: 'failed' }));
  }, []);

  useEffect(() => {
    let active = true;
    cartApi
      .get(orderId, language)
      .then((cart) => {
        if (!active) return;
        rememberCart(cart.id);
        setState({ status: 'ready', cart });
      })
      .catch((error: unknown) => active && handleFailure(error));
    return () => {
      active = false;
    };
  }, [orderId, language, handleFailure]);

  const change = useCallback(
    async (run: () => Promise<Cart>): Promise<ApiError | undefined> => {
      setChangeError(undefined);
      try {
        setState({ status: 'ready', cart: await run() });
        return undefined;
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) return error;
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) handleFailure(error);
        else setChangeError(t('shop.cart.changeFailed'));
        return undefined;
      }
    },
    [handleFailure, t],
  );

  if (state.status === 'loading') return <p role="status">{t('shop.cart.loading')}</p>;
  if (state.status === 'gone') {
    return (
      <section className="app-message">
        <h1>{t('shop.cart.title')}</h1>
        <p role="alert">{t('shop.cart.notFound')}</p>
        <p>
          <a href={sitePath(language, 'trainings')}>{t('shop.cart.browse')}</a>
        </p>
      </section>
    );
  }
  if (state.status === 'failed') return <p role="alert">{t('shop.cart.loadFailed')}</p>;

  const { cart } = state;
  const hasActive = cart.items.some((item) => item.status === 'ACTIVE');
  const changeCurrency = (currency: Currency) => {
    writeCookie(cookies.currency, currency);
    void change(() => cartApi.changeCurrency(cart.id, currency, language));
  };

  return (
    <div className="cart-page">
      <div className="cart-heading">
        <h1>{t('shop.cart.title')}</h1>
        <label className="cart-currency">
          {t('shop.cart.currency')}
          <select value={cart.currency} onChange={(event) => changeCurrency(event.target.value as Currency)}>
            {currencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </label>
      </div>
      {changeError && (
        <p className="cart-error" role="alert">
          {changeError}
        </p>
      )}
      {cart.items.length === 0 ? (
        <p>
          {t('shop.cart.empty')} <a href={sitePath(language, 'trainings')}>{t('shop.cart.browse')}</a>
        </p>
      ) : (
        <ul className="cart-lines" aria-label={t('shop.cart.title')}>
          {cart.items.map((item) => (
            <CartLine key={item.id} item={item} cart={cart} onChange={change} />
          ))}
        </ul>
      )}
      {hasActive && <CartTotals cart={cart} />}
      {hasActive && (
        <p className="cart-checkout">
          <Link className="link-button" to={appPaths.checkout(cart.id)}>
            {t('shop.cart.checkout')}
          </Link>
        </p>
      )}
      {hasActive && !cart.isSubscribed && (
        <SaveCartForm cartId={cart.id} language={language} onSaved={() => setState({ status: 'ready', cart: { ...cart, isSubscribed: true } })} />
      )}
      {cart.isSubscribed && <p className="cart-saved">{t('shop.cart.saved')}</p>}
    </div>
  );
}

function CartLine({ item, cart, onChange }: { item: CartItem; cart: Cart; onChange: (run: () => Promise<Cart>) => Promise<ApiError | undefined> }) {
  const { language } = useLanguage();
  const t = useT();
  // What the visitor is typing; undefined shows the saved quantity.
  const [draft, setDraft] = useState<string>();
  const quantity = draft ?? String(item.quantity);
  const [error, setError] = useState<string>();
  const removed = item.status === 'REMOVED';
  const title = item.product.translations[language]?.title ?? item.product.title;
  const errorId = `quantity-error-${item.id}`;

  const commitQuantity = async (event?: FormEvent) => {
    event?.preventDefault();
    if (draft === undefined) return;
    const value = Number(draft);
    if (value === item.quantity) {
      setDraft(undefined);
      return;
    }
    const failure = await onChange(() => cartApi.updateItem(cart.id, item.id, { quantity: value }, language));
    setError(failure?.fieldMessages(language).quantity);
    if (!failure) setDraft(undefined);
  };
  const setStatus = (status: 'ACTIVE' | 'REMOVED') => void onChange(() => cartApi.updateItem(cart.id, item.id, { status }, language));
  const others = cart.items.filter((other) => other.id !== item.id && other.status === 'ACTIVE');
  const largest = Math.max(0, ...others.map((other) => other.quantity));

  return (
    <li className={`cart-line${removed ? ' is-removed' : ''}`}>
      <div className="cart-line-product">
        {removed ? <s>{title}</s> : <span className="cart-line-title">{title}</span>}
        <span className={`cart-frequency cart-frequency-${item.paymentFrequency.toLowerCase()}`}>
          {item.paymentFrequency === 'MONTHLY' ? t('shop.cart.monthly') : t('shop.cart.oneTime')}
        </span>
        <span className="cart-line-unit">
          <CartMoney amount={item.unitPrice} currency={cart.currency} />{' '}
          {item.paymentFrequency === 'MONTHLY' ? t('shop.cart.perSeatMonth') : t('shop.cart.perSeat')}
        </span>
      </div>
      <form className="cart-line-quantity" onSubmit={commitQuantity}>
        <label htmlFor={`quantity-${item.id}`}>{t('shop.cart.quantity')}</label>
        <input
          id={`quantity-${item.id}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={10000}
          step={1}
          value={quantity}
          disabled={removed}
          aria-label={t('shop.cart.quantityOf', { title })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => void commitQuantity()}
        />
        {item.paymentFrequency === 'MONTHLY' && item.periodMonths && (
          <span className="cart-line-months">× {t('shop.cart.months', { months: item.periodMonths })}</span>
        )}
        {error && (
          <span id={errorId} className="field-error" role="alert">
            {error}
          </span>
        )}
        {!removed && largest > item.quantity && (
          <button type="button" className="button-link" onClick={() => void onChange(() => cartApi.matchCount(cart.id, item.id, language))}>
            {t('shop.cart.matchCount')} ({largest})
          </button>
        )}
      </form>
      <div className="cart-line-total">
        {removed ? (
          <s>
            <CartMoney amount={item.totalPrice} currency={cart.currency} />
          </s>
        ) : (
          <CartMoney amount={item.totalPrice} currency={cart.currency} />
        )}
      </div>
      <div className="cart-line-actions">
        {removed ? (
          <button type="button" onClick={() => setStatus('ACTIVE')} aria-label={t('shop.cart.undoItem', { title })}>
            {t('shop.cart.undo')}
          </button>
        ) : (
          <button type="button" onClick={() => setStatus('REMOVED')} aria-label={t('shop.cart.removeItem', { title })}>
            {t('shop.cart.remove')}
          </button>
        )}
      </div>
    </li>
  );
}

function CartTotals({ cart }: { cart: Cart }) {
  const t = useT();
  return (
    <>
    <dl className="cart-totals">
      {cart.totals.oneTime > 0 && (
        <div>
          <dt>{t('shop.cart.oneTimeTotal')}</dt>
          <dd>
            <CartMoney amount={cart.totals.oneTime} currency={cart.currency} />
          </dd>
        </div>
      )}
      {cart.totals.monthly > 0 && (
        <>
          <div>
            <dt>{t('shop.cart.monthlyTotal')}</dt>
            <dd>
              <CartMoney amount={cart.totals.monthly} currency={cart.currency} />
            </dd>
          </div>
          <div className="cart-totals-sub">
            <dt>{t('shop.cart.perMonthTotal')}</dt>
            <dd>
              <CartMoney amount={cart.totals.perMonth} currency={cart.currency} />
            </dd>
          </div>
        </>
      )}
      <div className="cart-totals-grand">
        <dt>{t('shop.cart.total')}</dt>
        <dd data-testid="cart-total">
          <CartMoney amount={cart.totalPrice} currency={cart.currency} />
        </dd>
      </div>
    </dl>
    <p className="cart-vat-note">{t('shop.cart.vatNote')}</p>
    </>
  );
}
