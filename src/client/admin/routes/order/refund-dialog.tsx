import { useQueryClient } from '@tanstack/react-query';
import { billingCalls } from '#shared/contract/billing.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { formatMoney } from '#shared/money.ts';
import { creditNoteRefundSchema, type CreditNoteRefundInput, type InvoiceSummary } from '#shared/schemas/invoices.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { DateField, FormProblems, TextAreaField, TextField } from '#client/ui/form/fields.tsx';
import { FormDialog } from '#client/ui/form/form-dialog.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { amountOf } from './action-dialog.tsx';

interface RefundValues {
  amount: string;
  date: string;
  note: string;
}

/**
 * The dialog that records money paid back to the buyer against a credit note
 * (billingCalls.recordCreditNoteRefund): the amount, which it suggests as what is still to
 * refund, the day it was paid (from the credit note's day to today) and an optional note;
 * checked with the server's schema, refusals at their fields. Once recorded, the order and
 * its invoices are read anew and the dialog closes.
 */
export function RefundDialog({ orderId, creditNote, onClose, onDone }: { orderId: string; creditNote: InvoiceSummary; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const today = isoDateInZurich();
  const form = useForm<RefundValues, CreditNoteRefundInput>({
    language,
    initial: { amount: creditNote.toRefund.toFixed(2), date: today, note: '' },
    schema: creditNoteRefundSchema,
    payloadOf: (values) => ({ amount: amountOf(values.amount), date: values.date, ...(values.note.trim() ? { note: values.note } : {}) }),
    send: async (body) => {
      await callApi(billingCalls.recordCreditNoteRefund, { params: { id: orderId, invoiceId: creditNote.id }, body });
      await queryClient.invalidateQueries();
      onDone();
    },
    refusalOf: (error) => (error instanceof ApiError ? refusalOf(error) : { key: 'admin.order.actionFailed' }),
  });
  const { field } = form;
  return (
    <FormDialog language={language} title="adminBilling.refund.heading" open onClose={onClose}>
      <form className="form form-dialog__body" noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
        <p>{t('adminBilling.refund.title', { number: creditNote.number })}</p>
        <p>{t('adminBilling.refund.intro', { max: formatMoney(creditNote.toRefund, creditNote.currency), refunded: formatMoney(creditNote.refunded, creditNote.currency) })}</p>
        <FormProblems texts={form.elsewhere} />
        <TextField {...field('amount')} label={t('adminBilling.refund.amount', { currency: creditNote.currency })} autoComplete="off" maxLength={20} required />
        <DateField {...field('date')} label={t('adminBilling.refund.date')} min={creditNote.issuedOn} max={today} required />
        <TextAreaField {...field('note')} label={t('adminBilling.refund.note')} maxLength={1000} rows={2} />
        <div className="form__actions">
          <button type="submit" className="admin-button" disabled={form.sending}>
            {t('adminBilling.refund.submit')}
          </button>
          <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>
            {t('adminBilling.creditNote.cancel')}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
