import { useState, useSyncExternalStore } from 'react';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import { useT } from '#client/lib/i18n.tsx';
import { Money, OrderLines, OrderTotals } from '#client/features/orders/order-summary.tsx';

/** Wide enough for the summary to stand beside the form (checkout.css uses the same width). */
const wideQuery = '(min-width: 60rem)';

function subscribeWide(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(wideQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen is wide; without `matchMedia` (tests), it is. The server renders the
 * narrow page (the summary folded): on a phone nothing moves when the page comes alive,
 * and on a wide screen the summary opens beside the form, which stays where it is.
 */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(wideQuery).matches : true),
    () => false,
  );
}

/**
 * The order beside every checkout step: its lines and net, VAT and gross
 * (docs/product/money-and-vat.md); until a billing country is saved, the net total with a
 * note, since VAT follows it. On a wide screen it stands open beside the form; on a small
 * one it is a disclosure above the form, collapsed at first, whose toggle names the
 * total. A landmark with its own heading.
 */
export function CheckoutSummary({ detail }: { detail: OrderDetail }) {
  const t = useT();
  const wide = useWideScreen();
  // The invoice info's billing address is the address while they are the same.
  const vatPending = detail.invoiceInfo.invoiceAddress.countryCode === '';
  // The visitor's own toggle holds for the width it was made at; crossing the width opens
  // the summary beside the form, or folds it away above it.
  const [toggled, setToggled] = useState<{ wide: boolean; open: boolean }>();
  const open = toggled && toggled.wide === wide ? toggled.open : wide;
  return (
    <aside className="checkout-order" aria-labelledby="checkout-order-title">
      <h2 id="checkout-order-title" className="checkout-order__title">
        {t('checkout.summary.title')}
      </h2>
      <details className="checkout-order__details" open={open} onToggle={(event) => setToggled({ wide, open: event.currentTarget.open })}>
        <summary className="checkout-order__toggle">
          <span>{t('checkout.summary.toggle')}</span>
          <span className="checkout-order__gross">
            <Money amount={vatPending ? detail.totals.net : detail.totals.gross} currency={detail.currency} />
          </span>
        </summary>
        <OrderLines detail={detail} caption={t('checkout.review.lines')} compact />
        <OrderTotals detail={detail} vatPending={vatPending} />
      </details>
    </aside>
  );
}
