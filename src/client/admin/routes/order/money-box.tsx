import { formatMoneyWithCode } from '#shared/money.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import { useT } from '#client/lib/i18n.tsx';

/**
 * The order's money at a glance: what was invoiced (everything that fell due, once the
 * history holds an invoice), what was paid, what was refunded or is still to refund, and
 * what is open.
 */
export function MoneyBox({ order }: { order: AdminOrder }) {
  const t = useT();
  const money = (amount: number) => formatMoneyWithCode(amount, order.currency);
  const invoiced = order.history.some((entry) => entry.kind === 'TRANSITION' && entry.action === 'INVOICE');
  const refund = order.refund ? (order.refundAmount ?? 0) : 0;
  const figures: [string, string, string?][] = [
    [t('admin.order.money.invoiced'), invoiced ? money(order.totalAmountPaid + order.amountDue) : t('admin.order.money.notInvoiced')],
    [t('admin.order.money.paid'), money(order.totalAmountPaid)],
    [
      order.refund && !order.refunded ? t('admin.order.money.refundPending') : t('admin.order.money.refunded'),
      money(order.refunded ? refund : order.refund ? refund : 0),
      order.refund && !order.refunded ? 'is-pending' : undefined,
    ],
    // Before the first invoice nothing is owed yet: what will be is under "invoiced" once it is.
    invoiced
      ? [t('admin.order.money.open'), money(order.amountDue), order.amountDue > 0 ? 'is-open' : undefined]
      : [t('admin.order.money.open'), t('admin.order.money.notInvoiced')],
  ];
  return (
    <section className="admin-money" aria-labelledby="admin-money-title">
      <h2 id="admin-money-title" className="admin-sr-only">
        {t('admin.order.money.title')}
      </h2>
      <dl className="admin-money__figures">
        {figures.map(([label, value, state]) => (
          <div key={label} className={state}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
