import { formatCartMoney } from '#shared/money.ts';

/** An amount in the cart format of SPEC §5 (zero cents as a dash) with its currency code. */
export function CartMoney({ amount, currency }: { amount: number; currency: string }) {
  return (
    <span className="cart-money">
      {formatCartMoney(amount, currency)}&nbsp;{currency}
    </span>
  );
}
