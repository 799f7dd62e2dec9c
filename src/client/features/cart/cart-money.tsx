import { formatCartMoney } from '#shared/money.ts';

/** An amount in the cart format (zero cents as a dash) with its currency code; see docs/decisions/004-cart-money-format.md. */
export function CartMoney({ amount, currency }: { amount: number; currency: string }) {
  return (
    <span className="cart-money">
      {formatCartMoney(amount, currency)}&nbsp;{currency}
    </span>
  );
}
