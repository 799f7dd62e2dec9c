import { translate, translatePlural } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import type { Cart, CartItem } from '#shared/schemas/cart.ts';
import { CartMoney } from './cart-money.tsx';
import './cart-totals.css';

/** "10 seats · per month, minimum term 12 months" or "10 seats · one-time": a line's seats and how it is billed. */
export function lineSeatsText(item: CartItem, language: Language): string {
  const seats = translatePlural(language, 'lines.seats', item.quantity);
  return item.paymentFrequency === 'MONTHLY'
    ? `${seats} · ${translatePlural(language, 'lines.monthly', item.periodMonths ?? 1)}`
    : translate(language, 'shop.cart.seatsOneTime', { seats });
}

/**
 * What the cart costs, one-time and recurring apart (docs/decisions/020-monthly-terms.md):
 * what falls due today (the one-time trainings and the first month of the monthly ones)
 * and what each further month costs. Net; the cart page and the drawer show it alike.
 */
export function CartTotals({ cart, language }: { cart: Cart; language: Language }) {
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key);
  const { oneTime, perMonth, dueToday } = cart.totals;
  const both = oneTime > 0 && perMonth > 0;
  return (
    <div className="cart-totals">
      <dl>
        {both && (
          <>
            <div className="cart-totals__part">
              <dt>{t('shop.cart.oneTimeTotal')}</dt>
              <dd>
                <CartMoney amount={oneTime} currency={cart.currency} />
              </dd>
            </div>
            <div className="cart-totals__part">
              <dt>{t('shop.cart.firstMonthTotal')}</dt>
              <dd>
                <CartMoney amount={perMonth} currency={cart.currency} />
              </dd>
            </div>
          </>
        )}
        <div className="cart-totals__today">
          <dt>{t('shop.cart.dueToday')}</dt>
          <dd data-testid="cart-due-today">
            <CartMoney amount={dueToday} currency={cart.currency} />
          </dd>
        </div>
        {perMonth > 0 && (
          <div className="cart-totals__monthly">
            <dt>{t('shop.cart.thenPerMonth')}</dt>
            <dd data-testid="cart-per-month">
              <CartMoney amount={perMonth} currency={cart.currency} />
            </dd>
          </div>
        )}
      </dl>
      {perMonth > 0 && <p className="cart-totals__note">{t('shop.cart.monthlyNote')}</p>}
    </div>
  );
}
