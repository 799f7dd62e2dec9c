import { lineAmountPerInvoice } from '#shared/cart-lines.ts';
import { translatePlural } from '#client/lib/translate.ts';
import { formatMoneyWithCode } from '#shared/money.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import './order-summary.css';

/**
 * What an order holds and costs (docs/product/money-and-vat.md): its ACTIVE lines (title,
 * seats, term, what is billed now: a monthly line's first month), net, VAT and gross of
 * what is billed now, and what each further month costs. Used beside every checkout step, by
 * the thank-you step and by the tracking page.
 */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  return <span className="checkout-money">{formatMoneyWithCode(amount, currency)}</span>;
}

/**
 * The ACTIVE lines as a table. `compact` (a narrow column beside the checkout) has two
 * columns: the training with its seats and term under it, and the line total.
 */
export function OrderLines({ detail, caption, compact = false }: { detail: OrderDetail; caption: string; compact?: boolean }) {
  const { language } = useLanguage();
  const t = useT();
  const lines = detail.items.filter((item) => item.status === 'ACTIVE');
  const term = (item: OrderDetail['items'][number]) =>
    item.paymentFrequency === 'MONTHLY'
      ? translatePlural(language, 'lines.monthly', item.periodMonths ?? 1)
      : t('checkout.lines.oneTime');
  return (
    <table className={compact ? 'order-lines order-lines--compact' : 'order-lines'}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('checkout.lines.training')}</th>
          {!compact && (
            <>
              <th scope="col" className="order-lines__number order-lines__wide">
                {t('checkout.lines.seats')}
              </th>
              <th scope="col" className="order-lines__wide">
                {t('checkout.lines.term')}
              </th>
            </>
          )}
          <th scope="col" className="order-lines__number">
            {t('checkout.lines.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((item) => {
          const title = item.product.translations[language]?.title ?? item.product.title;
          return (
            <tr key={item.id}>
              {compact ? (
                <th scope="row">
                  {title}
                  <span className="order-lines__detail">
                    {translatePlural(language, 'lines.seats', item.quantity)} · {term(item)}
                  </span>
                </th>
              ) : (
                <>
                  <th scope="row">
                    {title}
                    {/* On a phone the seats and term columns give way to this line (order-summary.css). */}
                    <span className="order-lines__detail order-lines__narrow">
                      {translatePlural(language, 'lines.seats', item.quantity)} · {term(item)}
                    </span>
                  </th>
                  <td className="order-lines__number order-lines__wide">{item.quantity}</td>
                  <td className="order-lines__wide">{term(item)}</td>
                </>
              )}
              <td className="order-lines__number">
                <Money amount={lineAmountPerInvoice(item)} currency={detail.currency} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One amount of the totals: a term and its money. */
function TotalRow({ label, amount, currency, className, testId }: { label: string; amount: number; currency: string; className?: string; testId?: string }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <Money amount={amount} currency={currency} />
      </dd>
    </div>
  );
}

/**
 * Net, VAT and gross. `vatPending`: the billing country is not known yet, so only the net
 * total shows, with a note that VAT follows the billing address.
 */
export function OrderTotals({ detail, vatPending = false }: { detail: OrderDetail; vatPending?: boolean }) {
  const { language } = useLanguage();
  const t = useT();
  const { totals, currency } = detail;
  const firstInvoiceNote = totals.perMonth && <p className="order-totals__note">{t('checkout.totals.firstInvoice')}</p>;
  if (vatPending) {
    return (
      <div className="order-totals">
        {firstInvoiceNote}
        <dl>
          <TotalRow label={t('checkout.totals.net')} amount={totals.net} currency={currency} className="order-totals__gross" testId="order-net" />
          {totals.perMonth && (
            <TotalRow label={t('checkout.totals.perMonthNet')} amount={totals.perMonth.net} currency={currency} className="order-totals__monthly" testId="order-per-month" />
          )}
        </dl>
        <p className="order-totals__note">{t('checkout.totals.vatPending')}</p>
      </div>
    );
  }
  const rate = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(totals.vatRate);
  const note =
    totals.vatKind === 'REVERSE_CHARGE'
      ? t('checkout.totals.reverseCharge')
      : totals.vatKind === 'EXPORT'
        ? t('checkout.totals.export')
        : undefined;
  return (
    <div className="order-totals">
      {firstInvoiceNote}
      <dl>
        <TotalRow label={t('checkout.totals.net')} amount={totals.net} currency={currency} />
        <TotalRow label={t('checkout.totals.vat', { rate })} amount={totals.vatAmount} currency={currency} />
        <TotalRow label={t('checkout.totals.gross')} amount={totals.gross} currency={currency} className="order-totals__gross" testId="order-gross" />
        {totals.perMonth && (
          <TotalRow label={t('checkout.totals.perMonth')} amount={totals.perMonth.gross} currency={currency} className="order-totals__monthly" testId="order-per-month" />
        )}
      </dl>
      {note && <p className="order-totals__note">{note}</p>}
    </div>
  );
}
