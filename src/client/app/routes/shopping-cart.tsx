import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { cartCalls } from '#shared/contract/cart.ts';
import { appPaths, sitePath } from '#shared/paths.ts';
import { lineAmountPerInvoice } from '#shared/cart-lines.ts';
import { translatePlural } from '#client/lib/translate.ts';
import type { Cart, CartItem } from '#shared/schemas/cart.ts';
import { monthlyTermChoices, periodMonthsLimits } from '#shared/schemas/limits.ts';
import { CartMoney } from '#client/features/cart/cart-money.tsx';
import { CartTotals } from '#client/features/cart/cart-totals.tsx';
import { isEmptyCheckoutState, rememberCart } from '#client/features/cart/cart.ts';
import { cartInput, putCart, useCart, useCartChanges } from '#client/features/cart/use-cart.ts';
import { SaveCartForm } from '#client/features/cart/save-cart-form.tsx';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import type { ServerRenderedPage } from '#client/lib/lazy-route.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { countriesCalls } from '#client/ui/form/public-fields.tsx';
import './shopping-cart.css';
import './checkout/link-button.css';

/**
 * The server renders this page (lazy-route.ts reads this off the module).
 * @public
 */
export const serverRendered: ServerRenderedPage = {
  module: 'app/routes/shopping-cart.tsx',
  // The cart, and what the form that saves it reads: its phone field's default country and
  // its captcha's site key. Not the list of countries (13 KB in the page's state, and again
  // as the select's options): the select offers the default country alone until the page,
  // once live, has fetched the list (docs/decisions/077-cart-and-checkout-script-on-demand.md).
  queries: ({ orderId = '' }, language) => {
    const [, visitorCountry] = countriesCalls(language);
    return [{ call: cartCalls.cart, input: cartInput(orderId, language) }, visitorCountry, { call: siteKeyCalls.forms, input: {} }];
  },
  // The cart's currency is the visitor's (followCart in cart.ts): the header shows it from the first paint.
  currencyOf: ({ orderId = '' }, language, answer) => answer(cartCalls.cart, cartInput(orderId, language))?.currency,
};

/**
 * `/app/orders/{id}/shopping-cart`: change seats, remove with undo, totals, save; the
 * currency is the header's.
 * Sent here by the checkout of a cart without an ACTIVE line, it says why.
 */
export default function ShoppingCartPage() {
  const { orderId = '' } = useParams();
  const location = useLocation();
  const { language } = useLanguage();
  const t = useT();
  const queryClient = useQueryClient();
  const { cart, gone, error } = useCart(orderId, language);
  // Opening a cart's page (from a link, in another browser) makes it this visitor's cart.
  const cartId = cart?.id;
  useEffect(() => {
    if (cartId) rememberCart(cartId);
  }, [cartId]);
  const changes = useCartChanges(orderId, language);

  if (gone) {
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
  if (!cart) return error ? <p role="alert">{t('shop.cart.loadFailed')}</p> : <p role="status">{t('shop.cart.loading')}</p>;

  const hasActive = cart.items.some((item) => item.status === 'ACTIVE');
  const emptyCheckout = !hasActive && isEmptyCheckoutState(location.state);

  return (
    <div className="cart-page">
      {/* The currency is the header's one control (layout.tsx), which shows the cart's. */}
      <div className="cart-heading">
        <h1>{t('shop.cart.title')}</h1>
      </div>
      {emptyCheckout && (
        <p className="cart-notice" role="alert">
          {t('shop.cart.emptyCheckout')}
        </p>
      )}
      {changes.failed && (
        <p className="cart-error" role="alert">
          {t('shop.cart.changeFailed')}
        </p>
      )}
      {cart.items.length === 0 ? (
        <p>
          {t('shop.cart.empty')} <a href={sitePath(language, 'trainings')}>{t('shop.cart.browse')}</a>
        </p>
      ) : (
        <ul className="cart-lines">
          {cart.items.map((item) => (
            <CartLine key={item.id} item={item} cart={cart} changes={changes} />
          ))}
        </ul>
      )}
      {hasActive && (
        <div className="cart-summary">
          <CartTotals cart={cart} language={language} />
          <p className="cart-vat-note">{t('shop.cart.vatNote')}</p>
        </div>
      )}
      {hasActive && (
        <p className="cart-checkout">
          <Link className="link-button" to={appPaths.checkout(cart.id)}>
            {t('shop.cart.checkout')}
          </Link>
        </p>
      )}
      {hasActive && !cart.isSubscribed && (
        <SaveCartForm cartId={cart.id} language={language} onSaved={() => putCart(queryClient, { ...cart, isSubscribed: true })} />
      )}
      {cart.isSubscribed && <p className="cart-saved">{t('shop.cart.saved')}</p>}
    </div>
  );
}

function CartLine({ item, cart, changes }: { item: CartItem; cart: Cart; changes: ReturnType<typeof useCartChanges> }) {
  const { language } = useLanguage();
  const t = useT();
  // What the visitor types; until then, and once it is saved, the saved quantity.
  const form = useForm({
    language,
    initial: { quantity: String(item.quantity) },
    // The quantity is saved when the visitor leaves the field: a refusal does not call them back to it.
    focusProblems: false,
    send: async ({ quantity }) => {
      const value = Number(quantity);
      if (value !== item.quantity) await changes.update(item, { quantity: value });
    },
    onSent: () => {
      form.restart();
    },
  });
  const error = form.errorOf('quantity');
  const removed = item.status === 'REMOVED';
  const monthly = item.paymentFrequency === 'MONTHLY';
  const title = item.product.translations[language]?.title ?? item.product.title;
  const errorId = `quantity-error-${item.id}`;

  // The page shows what went wrong; the line has nothing more to do.
  const run = (change: Promise<Cart>) => void change.catch(() => undefined);
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
      <form className="cart-line-quantity" onSubmit={form.onSubmit}>
        <label htmlFor={`quantity-${item.id}`}>{t('shop.cart.quantity')}</label>
        <input
          id={`quantity-${item.id}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={10000}
          step={1}
          value={form.values.quantity}
          disabled={removed}
          aria-label={t('shop.cart.quantityOf', { title })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => form.set('quantity', event.target.value)}
          onBlur={() => void form.submit()}
        />
        {/* Leaving the field saves too; the button says so, and Enter presses it. */}
        <button type="submit" className="cart-line-update" disabled={removed}>
          {t('shop.cart.update')}
        </button>
        {error && (
          <span id={errorId} className="field-error" role="alert">
            {error}
          </span>
        )}
        {!removed && largest > item.quantity && (
          <button type="button" className="button-link" onClick={() => run(changes.matchCount(item))}>
            {t('shop.cart.matchCount')} ({largest})
          </button>
        )}
      </form>
      {monthly && (
        <div className="cart-line-term">
          <label htmlFor={`term-${item.id}`}>{t('shop.cart.term')}</label>
          <select
            id={`term-${item.id}`}
            value={item.periodMonths ?? periodMonthsLimits.default}
            disabled={removed}
            aria-label={t('shop.cart.termOf', { title })}
            onChange={(event) => {
              // Read now: the call runs later, when React has put the select back to the saved term.
              const periodMonths = Number(event.target.value);
              run(changes.update(item, { periodMonths }));
            }}
          >
            {termOptions(item.periodMonths).map((months) => (
              <option key={months} value={months}>
                {translatePlural(language, 'lines.months', months)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="cart-line-total">
        {removed ? (
          <s>
            <CartMoney amount={lineAmountPerInvoice(item)} currency={cart.currency} />
          </s>
        ) : (
          <CartMoney amount={lineAmountPerInvoice(item)} currency={cart.currency} />
        )}
        {monthly && <span className="cart-line-per"> {t('shop.cart.perMonth')}</span>}
      </div>
      <div className="cart-line-actions">
        {removed ? (
          <button type="button" onClick={() => run(changes.undo(item))} aria-label={t('shop.cart.undoItem', { title })}>
            {t('shop.cart.undo')}
          </button>
        ) : (
          <button type="button" onClick={() => run(changes.remove(item))} aria-label={t('shop.cart.removeItem', { title })}>
            {t('shop.cart.remove')}
          </button>
        )}
      </div>
    </li>
  );
}

/** The terms offered for a monthly line, with the line's own term when it was set otherwise (the API takes 1 to 36 months). */
function termOptions(current: number | null): number[] {
  const choices: number[] = [...monthlyTermChoices];
  return current === null || choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);
}
