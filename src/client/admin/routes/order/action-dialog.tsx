import type { z } from 'zod';
import { formatIsoDay, isoDateInZurich } from '#shared/dates.ts';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { formatMoney, formatMoneyWithCode } from '#shared/money.ts';
import type { OrderAction } from '#shared/orders.ts';
import {
  archiveRefundSchema,
  cancelRefundSchema,
  payOrderSchema,
  terminationSchema,
  type AdminOrder,
  type RefundTerms,
  type StaffStatusAction,
} from '#shared/schemas/orders-admin.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CheckboxField, DateField, FormProblems, TextAreaField, TextField } from '#client/ui/form/fields.tsx';
import { FormDialog } from '#client/ui/form/form-dialog.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { actionLabel } from '../../labels.ts';
import { billingEmailOf, endsEarly, nextPeriodOf } from './action-facts.ts';
import { buttonClass, natureOf } from './action-nature.ts';

/** Actions whose reason is kept in the history (asked for, not required). */
const withReason = new Set<OrderAction>(['CANCEL', 'CANCEL_REFUND', 'START_TERMINATION', 'DELETE']);

/** "12.50" → 12.5; anything that is not a plain amount stays a string, so the schema names the problem. */
export function amountOf(text: string): number | string {
  const value = Number(text.trim().replace(/[’']/g, ''));
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}

interface ActionValues {
  amount: string;
  date: string;
  refund: boolean;
  refundAmount: string;
  reason: string;
}

/** The shared schema of each action's body, the server's; the others send a reason at most. */
const schemaOf: Partial<Record<OrderAction, z.ZodType>> = {
  PAY: payOrderSchema,
  CANCEL_REFUND: cancelRefundSchema,
  START_TERMINATION: terminationSchema,
  ARCHIVE_REFUND: archiveRefundSchema,
};

/** What an action sends, from the dialog's fields. */
function bodyOf(action: OrderAction, values: ActionValues): Record<string, unknown> {
  const why = values.reason.trim() === '' ? {} : { reason: values.reason };
  switch (action) {
    case 'PAY':
      return { amount: amountOf(values.amount), date: values.date };
    case 'CANCEL_REFUND':
    case 'START_TERMINATION':
      return { refund: values.refund, ...(values.refund ? { refundAmount: amountOf(values.refundAmount) } : {}), ...why };
    case 'ARCHIVE_REFUND':
      return { refundDate: values.date };
    default:
      return why;
  }
}

/** Sends an action's checked body; DELETE answers nothing, the others the fresh order. */
async function sendAction(id: string, action: OrderAction, body: Record<string, unknown>): Promise<AdminOrder | undefined> {
  const params = { id };
  switch (action) {
    case 'PAY':
      return callApi(orderAdminCalls.payOrder, { params, body: body as { amount: number; date: string } });
    case 'CANCEL_REFUND':
    case 'START_TERMINATION':
      return callApi(action === 'CANCEL_REFUND' ? orderAdminCalls.cancelRefundOrder : orderAdminCalls.startTermination, { params, body: body as RefundTerms });
    case 'ARCHIVE_REFUND':
      return callApi(orderAdminCalls.archiveRefundOrder, { params, body: body as { refundDate: string } });
    case 'DELETE':
      await callApi(orderAdminCalls.deleteOrder, { params, body });
      return undefined;
    default:
      return callApi(orderAdminCalls.changeOrderStatus, { params, body: { action: action as StaffStatusAction, ...body } });
  }
}

/**
 * The dialog of one order action: PAY asks for the amount (the open amount by default)
 * and the day; CANCEL_REFUND and START_TERMINATION whether to refund and how much;
 * ARCHIVE_REFUND the day of the payout; DELETE a confirmation; every other action is a
 * status change to confirm. The body is checked with the action's shared schema; a
 * refusal is shown in the dialog: field errors at their fields, and a conflict (the order
 * changed meanwhile) with the fresh order behind it.
 */
export function ActionDialog({
  order,
  action,
  onClose,
  onDone,
  onConflict,
}: {
  order: AdminOrder;
  action: OrderAction;
  onClose: () => void;
  onDone: (fresh: AdminOrder | undefined) => void;
  onConflict: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const form = useForm<ActionValues, Record<string, unknown>>({
    language,
    initial: { amount: order.amountDue > 0 ? order.amountDue.toFixed(2) : '', date: isoDateInZurich(), refund: false, refundAmount: '', reason: '' },
    schema: schemaOf[action] as z.ZodType<Record<string, unknown>> | undefined,
    payloadOf: (values) => bodyOf(action, values),
    // The day of a payout is sent as `refundDate`; the dialog asks for it in its date field.
    rename: (path) => (path === 'refundDate' ? 'date' : path),
    send: async (body) => onDone(await sendAction(order.detail.id, action, body)),
    refusalOf: (error) => (error instanceof ApiError ? refusalOf(error) : { key: 'admin.order.actionFailed' }),
    onFailed: (error) => {
      if (error instanceof ApiError && error.status === 409) onConflict();
    },
  });
  const { field } = form;

  const asksRefund = action === 'CANCEL_REFUND' || action === 'START_TERMINATION';
  const early = endsEarly(order, action);
  const label = early ? t('admin.order.terminateEarly') : actionLabel(t, action);
  const dateLabel = action === 'PAY' ? t('admin.order.field.paidOn') : t('admin.order.field.refundedOn');
  // Money moves between the day the order was placed and today (the server refuses other days at this field).
  const placedOn = order.received ? isoDateInZurich(new Date(order.received)) : undefined;
  return (
    <FormDialog language={language} title={`order.action.${action}`} open onClose={onClose}>
      <form className="form form-dialog__body" noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
        <p>{early ? t('admin.order.confirm.TERMINATE_EARLY', { number: order.detail.number ?? '', date: formatIsoDay(order.terminatedFrom ?? '', language) }) : t(`admin.order.confirm.${action}`, { number: order.detail.number ?? '' })}</p>
        <WhatItSends order={order} action={action} />
        <FormProblems texts={form.elsewhere} />
        {action === 'PAY' && (
          <TextField
            {...field('amount')}
            label={t('admin.order.field.amount', { currency: order.currency })}
            autoComplete="off"
            maxLength={20}
            required
            hint={t('admin.order.field.amountHint', { due: formatMoney(order.amountDue, order.currency) })}
          />
        )}
        {(action === 'PAY' || action === 'ARCHIVE_REFUND') && <DateField {...field('date')} label={dateLabel} min={placedOn} max={isoDateInZurich()} required />}
        {asksRefund && (
          <>
            <CheckboxField {...form.checkbox('refund')} className="form__choice" label={t('admin.order.field.refund')} />
            {form.values.refund && (
              <TextField
                {...field('refundAmount')}
                label={t('admin.order.field.refundAmount', { currency: order.currency })}
                autoComplete="off"
                maxLength={20}
                required
                hint={t('admin.order.field.refundHint', { paid: formatMoney(order.totalAmountPaid, order.currency) })}
              />
            )}
          </>
        )}
        {(withReason.has(action) || early) && (
          <TextAreaField {...field('reason')} label={early ? t('admin.order.field.earlyReason') : t('admin.order.field.reason')} maxLength={1000} rows={3} required={early} />
        )}
        <div className="form__actions">
          <button type="submit" className={buttonClass[natureOf(action, [action])]} disabled={form.sending}>
            {label}
          </button>
          <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>
            {t('admin.order.cancelDialog')}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}

/** Before an action that bills and mails: what the invoice asks for, for which period, and who gets it. */
function WhatItSends({ order, action }: { order: AdminOrder; action: OrderAction }) {
  const t = useT();
  const { language } = useLanguage();
  if (action === 'INVOICE') {
    return <p>{t('admin.order.sends.INVOICE', { amount: formatMoneyWithCode(order.detail.totals.gross, order.currency), email: billingEmailOf(order) })}</p>;
  }
  if (action === 'RENEW') {
    const period = nextPeriodOf(order);
    const perMonth = order.detail.totals.perMonth;
    return (
      <p>
        {t('admin.order.sends.RENEW', {
          from: period ? formatIsoDay(period.first, language) : '',
          to: period ? formatIsoDay(period.last, language) : '',
          amount: perMonth ? formatMoneyWithCode(perMonth.gross, order.currency) : '',
          email: billingEmailOf(order),
        })}
      </p>
    );
  }
  return null;
}
