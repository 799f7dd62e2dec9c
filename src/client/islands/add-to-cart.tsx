import { useState } from 'react';
import { paymentFrequencies, type PaymentFrequency } from '#shared/locales.ts';
import { addToCart, showAddedCart } from '#client/features/cart/cart.ts';
import { getSelectedCurrency } from './page-state.ts';
import type { IslandProps } from './types.ts';

export type AddToCartProps = IslandProps<{
  productCode: string;
  quantity: string;
  paymentFrequency: string;
  text: string;
  addingText: string;
  failedText: string;
}>;

/**
 * `data-island="add-to-cart"`: adds the product to the visitor's cart,
 * creating the cart on the first add. Without a product code it renders nothing; the
 * quantity defaults to 1; the currency is the page's selected currency
 * (`getSelectedCurrency()`: `<body data-selected-currency>`, else the cookie, else EUR),
 * read at click time.
 */
export default function AddToCart({
  productCode,
  quantity,
  paymentFrequency,
  text = 'Add to cart',
  addingText = text,
  failedText = '',
  lang,
}: AddToCartProps) {
  const [state, setState] = useState<'idle' | 'adding' | 'failed'>('idle');
  if (!productCode) return null;

  const seats = Math.min(10_000, Math.max(1, Math.trunc(Number(quantity)) || 1));
  const frequency: PaymentFrequency = paymentFrequencies.includes(paymentFrequency as PaymentFrequency)
    ? (paymentFrequency as PaymentFrequency)
    : 'MONTHLY';

  const add = async () => {
    setState('adding');
    try {
      // The page's currency may have changed since mounting: read it at click time.
      const added = await addToCart({ productCode, quantity: seats, currency: getSelectedCurrency(), language: lang, paymentFrequency: frequency });
      setState('idle');
      showAddedCart(added);
    } catch (error) {
      console.error('add to cart failed', error);
      setState('failed');
    }
  };

  return (
    <>
      <button type="button" className="button button--block" onClick={() => void add()} disabled={state === 'adding'} aria-busy={state === 'adding'}>
        {state === 'adding' ? addingText : text}
      </button>
      {state === 'failed' && failedText && (
        <p className="form-error" role="alert">
          {failedText}
        </p>
      )}
    </>
  );
}
