import { useQueryClient } from '@tanstack/react-query';
import { billingCalls } from '#shared/contract/billing.ts';
import { formatMoney } from '#shared/money.ts';
import { creditNoteSchema, type CreditNoteInput, type InvoiceSummary } from '#shared/schemas/invoices.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { FormProblems, TextAreaField, TextField } from '#client/ui/form/fields.tsx';
import { FormDialog } from '#client/ui/form/form-dialog.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { amountOf } from './action-dialog.tsx';

interface CreditNoteValues {
  amount: string;
  reason: string;
}

/**
 * The dialog that issues a credit note for one invoice of the order: the amount (at most
 * what the invoice has not been credited, which it suggests) and the reason, checked with
 * the server's schema; refusals at their fields. Once issued, the order and its invoices
 * are read anew and the dialog closes.
 */
export function CreditNoteDialog({ orderId, invoice, onClose, onDone }: { orderId: string; invoice: InvoiceSummary; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const creditable = Math.round((invoice.gross - invoice.credited) * 100) / 100;
  const form = useForm<CreditNoteValues, CreditNoteInput>({
    language,
    initial: { amount: creditable.toFixed(2), reason: '' },
    schema: creditNoteSchema,
    payloadOf: (values) => ({ amount: amountOf(values.amount), reason: values.reason }) as CreditNoteInput,
    send: async (body) => {
      await callApi(billingCalls.issueCreditNote, { params: { id: orderId, invoiceId: invoice.id }, body });
      await queryClient.invalidateQueries();
      onDone();
    },
    refusalOf: (error) => (error instanceof ApiError ? refusalOf(error) : { key: 'admin.order.actionFailed' }),
  });
  const { field } = form;
  return (
    <FormDialog language={language} title="adminBilling.creditNote.heading" open onClose={onClose}>
      <form className="form form-dialog__body" noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
        <p>{t('adminBilling.creditNote.title', { number: invoice.number })}</p>
        <p>{t('adminBilling.creditNote.intro', { max: formatMoney(creditable, invoice.currency) })}</p>
        <FormProblems texts={form.elsewhere} />
        <TextField {...field('amount')} label={t('adminBilling.creditNote.amount')} autoComplete="off" maxLength={20} required />
        <TextAreaField {...field('reason')} label={t('adminBilling.creditNote.reason')} maxLength={1000} rows={3} required />
        <div className="form__actions">
          <button type="submit" className="admin-button" disabled={form.sending}>
            {t('adminBilling.creditNote.submit')}
          </button>
          <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>
            {t('adminBilling.creditNote.cancel')}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
