import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import type { MessagesByLanguage } from '#shared/i18n/messages.ts';
import { formatMoney } from '#shared/money.ts';
import type { OrderAction } from '#shared/orders.ts';
import type { AdminOrder, StaffStatusAction } from '#shared/schemas/orders-admin.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CheckboxField, DateField, TextAreaField, TextField } from '#client/ui/form/fields.tsx';
import { FormDialog } from '#client/ui/form/form-dialog.tsx';
import { problemsFromApi, problemText, type Problems } from '#client/ui/form/problems.ts';
import { actionLabel } from '../../labels.ts';

/** Actions whose reason is kept in the history (asked for, not required). */
const withReason = new Set<OrderAction>(['CANCEL', 'CANCEL_REFUND', 'START_TERMINATION', 'DELETE']);


/** "12.50" → 12.5; anything that is not a plain amount stays a string, so the server names the problem. */
function amountOf(text: string): number | string {
  const value = Number(text.trim().replace(/[’']/g, ''));
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}

/**
 * The dialog of one order action: PAY asks for the amount (the open amount by default)
 * and the day; CANCEL_REFUND and START_TERMINATION whether to refund and how much;
 * ARCHIVE_REFUND the day of the payout; DELETE a confirmation; every other action is a
 * status change to confirm. A refusal is shown in the dialog: field errors at their
 * fields, and a conflict (the order changed meanwhile) with the fresh order behind it.
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
  const id = order.detail.id;
  const [amount, setAmount] = useState(order.amountDue > 0 ? order.amountDue.toFixed(2) : '');
  const [date, setDate] = useState(isoDateInZurich());
  const [refund, setRefund] = useState(false);
  const [refundAmount, setRefundAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [refusal, setRefusal] = useState<MessagesByLanguage>();

  const send = useMutation({
    mutationFn: async (): Promise<AdminOrder | undefined> => {
      const params = { id };
      const why = reason.trim() === '' ? {} : { reason };
      switch (action) {
        case 'PAY':
          return callApi(orderAdminCalls.payOrder, { params, body: { amount: amountOf(amount) as number, date } });
        case 'CANCEL_REFUND':
        case 'START_TERMINATION': {
          const body = { refund, ...(refund ? { refundAmount: amountOf(refundAmount) as number } : {}), ...why };
          return callApi(action === 'CANCEL_REFUND' ? orderAdminCalls.cancelRefundOrder : orderAdminCalls.startTermination, { params, body });
        }
        case 'ARCHIVE_REFUND':
          return callApi(orderAdminCalls.archiveRefundOrder, { params, body: { refundDate: date } });
        case 'DELETE':
          await callApi(orderAdminCalls.deleteOrder, { params, body: why });
          return undefined;
        default:
          return callApi(orderAdminCalls.changeOrderStatus, { params, body: { action: action as StaffStatusAction, ...why } });
      }
    },
    onSuccess: onDone,
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (error.fieldErrors.length > 0) {
        setProblems(problemsFromApi(error.fieldErrors));
        return;
      }
      if (error.body.error) setRefusal(error.body.error.messagesByLanguage);
      if (error.status === 409) onConflict();
    },
  });

  const errorOf = (field: string) => {
    const problem = problems[field];
    return problem ? problemText(problem, language) : undefined;
  };

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    setProblems({});
    setRefusal(undefined);
    send.mutate();
  }

  const asksRefund = action === 'CANCEL_REFUND' || action === 'START_TERMINATION';
  return (
    <FormDialog language={language} title={`order.action.${action}`} open onClose={onClose}>
      <form className="form form-dialog__body" noValidate onSubmit={submit} aria-busy={send.isPending}>
        <p>{t(`admin.order.confirm.${action}`, { number: order.detail.number ?? '' })}</p>
        {refusal && (
          <div className="form__alert" role="alert">
            <p>{refusal[language]}</p>
          </div>
        )}
        {send.error && !(send.error instanceof ApiError) && (
          <div className="form__alert" role="alert">
            <p>{t('admin.order.actionFailed')}</p>
          </div>
        )}
        {action === 'PAY' && (
          <>
            <TextField
              id="admin-action-amount"
              label={t('admin.order.field.amount', { currency: order.currency })}
              value={amount}
              onChange={setAmount}
              autoComplete="off"
              maxLength={20}
              required
              hint={t('admin.order.field.amountHint', { due: formatMoney(order.amountDue, order.currency) })}
              error={errorOf('amount')}
            />
            <DateField id="admin-action-date" label={t('admin.order.field.paidOn')} value={date} onChange={setDate} max={isoDateInZurich()} required error={errorOf('date')} />
          </>
        )}
        {asksRefund && (
          <>
            <CheckboxField id="admin-action-refund" className="form__choice" label={t('admin.order.field.refund')} checked={refund} onChange={setRefund} error={errorOf('refund')} />
            {refund && (
              <TextField
                id="admin-action-refund-amount"
                label={t('admin.order.field.refundAmount', { currency: order.currency })}
                value={refundAmount}
                onChange={setRefundAmount}
                autoComplete="off"
                maxLength={20}
                required
                hint={t('admin.order.field.refundHint', { paid: formatMoney(order.totalAmountPaid, order.currency) })}
                error={errorOf('refundAmount')}
              />
            )}
          </>
        )}
        {action === 'ARCHIVE_REFUND' && (
          <DateField id="admin-action-date" label={t('admin.order.field.refundedOn')} value={date} onChange={setDate} max={isoDateInZurich()} required error={errorOf('refundDate')} />
        )}
        {withReason.has(action) && (
          <TextAreaField id="admin-action-reason" label={t('admin.order.field.reason')} value={reason} onChange={setReason} maxLength={1000} rows={3} error={errorOf('reason')} />
        )}
        <div className="form__actions">
          <button type="submit" className={action === 'DELETE' ? 'admin-button admin-button--danger' : 'admin-button'} disabled={send.isPending}>
            {actionLabel(t, action)}
          </button>
          <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>
            {t('admin.order.cancelDialog')}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
