import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { billingCalls } from '#shared/contract/billing.ts';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { OrderAction } from '#shared/orders.ts';
import { adminPaths, invoicePdfPath } from '#shared/paths.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import { ApiError } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { actionLabel, statusLabel } from '../../labels.ts';
import { rememberList } from '../orders/list-context.ts';
import { ActionDialog } from './action-dialog.tsx';
import { endsEarly } from './action-facts.ts';
import { buttonClass, byNature, exceptional, natureOf, type ActionNature } from './action-nature.ts';
import { MoneyBox } from './money-box.tsx';
import { OrderFacts } from './order-facts.tsx';
import { OrderInvoices } from './order-invoices.tsx';
import { OrderSeats } from './order-seats.tsx';
import { Timeline } from './timeline.tsx';
import { useListSteps, type ListStep } from './list-steps.ts';
import './order.css';
import { LoadFailed } from '../../load-failed.tsx';
import { useCan, useStaffMember } from '../../staff.ts';

/**
 * `/app/admin-panel/orders/{id}`: the customer, addresses, lines, totals with VAT,
 * payments, the invoice, one button per action the order allows now, and the timeline of
 * what happened (actions, mails, notes). After an action the order reloads; after DELETE
 * the browser returns to the list.
 */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  const t = useT();
  // Viewers see the order but no action: they change nothing (the server refuses them too).
  const canEdit = useCan('editor');
  const me = useStaffMember();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orderQuery = apiQuery(orderAdminCalls.adminOrder, { params: { id: orderId } });
  const order = useQuery(orderQuery);
  // The same answer as the invoices box below (one request): the PDF link only once an invoice exists.
  const invoices = useQuery(apiQuery(billingCalls.adminOrderInvoices, { params: { id: orderId } }));
  const invoiced = invoices.data?.invoices.some((invoice) => invoice.kind === 'INVOICE') ?? false;
  const [action, setAction] = useState<OrderAction>();
  const [done, setDone] = useState<OrderAction>();
  const { backTo, around } = useListSteps(orderId);

  if (order.error instanceof ApiError && order.error.status === 404) {
    return (
      <section className="app-message">
        <h1>{t('admin.order.notFound')}</h1>
        <p>
          <Link to={adminPaths.orders()}>{t('admin.order.backToList')}</Link>
        </p>
      </section>
    );
  }
  if (order.error && !order.data) {
    return (
      <LoadFailed query={order} />
    );
  }
  if (!order.data) return <p role="status">{t('admin.loading')}</p>;

  const data: AdminOrder = order.data;
  const { detail } = data;
  const offered = data.actions.map((entry) => entry.action);
  const title = detail.number ? t('admin.order.title', { number: detail.number }) : t('admin.order.cartTitle');

  /** One action's button: it opens the action's dialog. */
  function actionButton(one: OrderAction, nature: ActionNature) {
    return (
      <button
        type="button"
        className={buttonClass[nature]}
        onClick={() => {
          setDone(undefined);
          setAction(one);
        }}
      >
        {endsEarly(data, one) ? t('admin.order.terminateEarly') : actionLabel(t, one)}
      </button>
    );
  }

  function finished(taken: OrderAction, fresh: AdminOrder | undefined): void {
    setAction(undefined);
    if (taken === 'DELETE') {
      void queryClient.invalidateQueries({ queryKey: [orderAdminCalls.adminOrderList.method, orderAdminCalls.adminOrderList.path] });
      void navigate(backTo, { state: { deleted: detail.number } });
      return;
    }
    if (fresh) queryClient.setQueryData(orderQuery.queryKey, fresh);
    else void order.refetch();
    // INVOICE, RENEW, PAY and the cancellations issue or change invoices: their list is read anew.
    void queryClient.invalidateQueries({ queryKey: apiQuery(billingCalls.adminOrderInvoices, { params: { id: orderId } }).queryKey });
    setDone(taken);
  }

  return (
    <article className="admin-order">
      <nav className="admin-order__nav" aria-label={t('admin.order.listNav')}>
        <Link to={backTo}>{t('admin.order.backToList')}</Link>
        {around && (
          <>
            <StepLink step={around.previous} rel="prev" label={t('admin.order.previous')} />
            <StepLink step={around.next} rel="next" label={t('admin.order.next')} />
          </>
        )}
      </nav>
      <div className="admin-page-head">
        <h1>{title}</h1>
        <span className={`admin-status admin-status--${detail.status.toLowerCase()}`}>{statusLabel(t, detail.status)}</span>
      </div>
      {data.received && <p className="admin-order__received">{t('admin.order.received', { date: formatDateTime(data.received, language) })}</p>}

      <section aria-labelledby="admin-order-actions" className="admin-order__actions">
        <h2 id="admin-order-actions">{t('admin.order.actions')}</h2>
        {done && (
          <p role="status" className="admin-order__done">
            {t('admin.order.actionDone', { action: actionLabel(t, done) })}
          </p>
        )}
        {!canEdit ? (
          me.data && <p>{t('admin.order.roleCannotAct', { role: t(`staffRole.${me.data.role}`) })}</p>
        ) : data.actions.length === 0 ? (
          <p>{t('admin.order.noActions')}</p>
        ) : (
          <>
            <ul className="admin-order__buttons">
              {byNature(offered.filter((one) => !exceptional.has(one))).map((one) => (
                <li key={one}>
                  {actionButton(one, natureOf(one, offered))}
                </li>
              ))}
            </ul>
            {offered.some((one) => exceptional.has(one)) && (
              <details className="admin-order__more">
                <summary>{t('admin.order.moreActions')}</summary>
                <ul className="admin-order__buttons">
                  {offered
                    .filter((one) => exceptional.has(one))
                    .map((one) => (
                      <li key={one}>
                        {actionButton(one, 'plain')}
                      </li>
                    ))}
                </ul>
              </details>
            )}
          </>
        )}
        <MoneyBox order={data} />
        <OrderSeats
          order={data}
          canEdit={canEdit}
          onChanged={() => {
            // A change adds to the timeline and may issue an invoice.
            void order.refetch();
            void queryClient.invalidateQueries({ queryKey: apiQuery(billingCalls.adminOrderInvoices, { params: { id: orderId } }).queryKey });
          }}
        />
        {detail.number && invoiced && (
          <p>
            <a href={invoicePdfPath(detail.id, detail.language)} type="application/pdf">
              {t('admin.order.invoice')}
            </a>
          </p>
        )}
      </section>

      <OrderFacts order={data} />
      <OrderInvoices orderId={orderId} xrechnung={detail.invoiceInfo.company.buyerReference !== ''} />
      <Timeline order={data} onNoteAdded={() => void order.refetch()} />

      {action && (
        <ActionDialog
          key={action}
          order={data}
          action={action}
          onClose={() => setAction(undefined)}
          onDone={(fresh) => finished(action, fresh)}
          onConflict={() => void order.refetch()}
        />
      )}
    </article>
  );
}

/**
 * "Previous" or "next" within the list: a link to the neighbouring order (one on another
 * page of the list makes that page the remembered one), or a disabled one at the list's end.
 */
function StepLink({ step, rel, label }: { step: ListStep | undefined; rel: 'prev' | 'next'; label: string }) {
  if (!step) {
    return (
      <a role="link" aria-disabled="true" className="admin-order__step--off">
        {label}
      </a>
    );
  }
  const { page } = step;
  return (
    <Link to={adminPaths.order(step.id)} rel={rel} onClick={page ? () => rememberList(page) : undefined}>
      {label}
    </Link>
  );
}
