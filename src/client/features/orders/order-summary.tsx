import { formatMoneyWithCode } from '#shared/money.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import './order-summary.css';

/**
 * What an order holds and costs (docs/product/money-and-vat.md): its ACTIVE lines (title,
 * seats, term, line total) and net, VAT and gross. Used by the review step and the
 * tracking page.
 */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  return <span className="checkout-money">{formatMoneyWithCode(amount, currency)}</span>;
}

export function OrderLines({ detail, caption }: { detail: OrderDetail; caption: string }) {
  const { language } = useLanguage();
  const t = useT();
  const lines = detail.items.filter((item) => item.status === 'ACTIVE');
  return (
    <table className="order-lines">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('checkout.lines.training')}</th>
          <th scope="col" className="order-lines__number">
            {t('checkout.lines.seats')}
          </th>
          <th scope="col">{t('checkout.lines.term')}</th>
          <th scope="col" className="order-lines__number">
            {t('checkout.lines.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((item) => (
          <tr key={item.id}>
            <th scope="row">{item.product.translations[language]?.title ?? item.product.title}</th>
            <td className="order-lines__number">{item.quantity}</td>
            <td>
              {item.paymentFrequency === 'MONTHLY' && item.periodMonths
                ? t('checkout.lines.months', { months: item.periodMonths })
                : t('checkout.lines.oneTime')}
            </td>
            <td className="order-lines__number">
              <Money amount={item.totalPrice} currency={detail.currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OrderTotals({ detail }: { detail: OrderDetail }) {
  const { language } = useLanguage();
  const t = useT();
  const { totals, currency } = detail;
  const rate = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(totals.vatRate);
  const note =
    totals.vatKind === 'REVERSE_CHARGE'
      ? t('checkout.totals.reverseCharge')
      : totals.vatKind === 'EXPORT'
        ? t('checkout.totals.export')
        : undefined;
  return (
    <div className="order-totals">
      <dl>
        <div>
          <dt>{t('checkout.totals.net')}</dt>
          <dd>
            <Money amount={totals.net} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t('checkout.totals.vat', { rate })}</dt>
          <dd>
            <Money amount={totals.vatAmount} currency={currency} />
          </dd>
        </div>
        <div className="order-totals__gross">
          <dt>{t('checkout.totals.gross')}</dt>
          <dd data-testid="order-gross">
            <Money amount={totals.gross} currency={currency} />
          </dd>
        </div>
      </dl>
      {note && <p className="order-totals__note">{note}</p>}
    </div>
  );
}
