import { useQueryClient } from '@tanstack/react-query';
import { billingCalls } from '#shared/contract/billing.ts';
import { formatMoney, formatMoneyWithCode, printMoneyWithCode } from '#shared/money.ts';
import { creditNoteSchema, type CreditNoteInput, type InvoiceSummary } from '#shared/schemas/invoices.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { FieldError, FormProblems, NumberField, TextAreaField, TextField } from '#client/ui/form/fields.tsx';
import { FormDialog } from '#client/ui/form/form-dialog.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { amountOf } from './action-dialog.tsx';
import { creditNotePreview } from './credit-note-preview.ts';

interface CreditNoteValues {
  mode: 'amount' | 'seats';
  amount: string;
  /** The seats typed per line of the invoice, by its `lineId`. */
  seats: Record<string, string>;
  reason: string;
}

/** Seats as typed: empty is none, a whole number is itself, anything else goes as typed for the schema to name. */
function seatsOf(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isInteger(value) ? value : trimmed;
}

/**
 * The dialog that issues a credit note for one invoice of the order: by an amount (at most
 * what the invoice has not been credited, which it suggests) or by seats of the invoice's
 * lines (each with the seats it has left), with the reason; a preview of net, VAT and
 * gross; checked with the server's schema, refusals at their fields (the server's
 * `lines.0.seats` at that line's input). Once issued, the order and its invoices are read
 * anew and the dialog closes.
 */
export function CreditNoteDialog({ orderId, invoice, onClose, onDone }: { orderId: string; invoice: InvoiceSummary; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const creditable = Math.round((invoice.gross - invoice.credited) * 100) / 100;
  const payloadOf = (values: CreditNoteValues) =>
    values.mode === 'seats'
      ? { lines: invoice.lines.map((line) => ({ lineId: line.lineId, seats: seatsOf(values.seats[line.lineId] ?? '') })), reason: values.reason }
      : { amount: amountOf(values.amount), reason: values.reason };
  const form = useForm<CreditNoteValues, CreditNoteInput>({
    language,
    initial: { mode: 'amount', amount: creditable.toFixed(2), seats: Object.fromEntries(invoice.lines.map((line) => [line.lineId, ''])), reason: '' },
    schema: creditNoteSchema,
    payloadOf,
    // The request names a line by its place in `lines`; the dialog's input by the line's id.
    rename: (path) => {
      const line = /^lines\.(\d+)\.(seats|lineId)$/.exec(path);
      return line ? `seats.${invoice.lines[Number(line[1])]?.lineId ?? ''}` : path;
    },
    alsoShown: ['lines'],
    send: async (body) => {
      await callApi(billingCalls.issueCreditNote, { params: { id: orderId, invoiceId: invoice.id }, body });
      await queryClient.invalidateQueries();
      onDone();
    },
    refusalOf: (error) => (error instanceof ApiError ? refusalOf(error) : { key: 'admin.order.actionFailed' }),
  });
  const { field, values } = form;
  const bySeats = values.mode === 'seats';
  // What the preview reads of a field: a number the schema would take, else nothing.
  const numberOr0 = (value: number | string) => (typeof value === 'number' && value > 0 && value < 1e9 ? value : 0);
  const preview = bySeats
    ? creditNotePreview(invoice, { seats: invoice.lines.map((line) => numberOr0(seatsOf(values.seats[line.lineId] ?? ''))) })
    : creditNotePreview(invoice, { amount: numberOr0(amountOf(values.amount)) });
  const rate = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(invoice.vatRate);
  const modes = [
    { value: 'amount', label: t('adminBilling.creditNote.byAmount') },
    { value: 'seats', label: t('adminBilling.creditNote.bySeats') },
  ] as const;
  return (
    <FormDialog language={language} title="adminBilling.creditNote.heading" open onClose={onClose}>
      <form className="form form-dialog__body" noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
        <p>{t('adminBilling.creditNote.title', { number: invoice.number })}</p>
        <p>{t('adminBilling.creditNote.intro', { max: formatMoney(creditable, invoice.currency) })}</p>
        <FormProblems texts={form.elsewhere} />
        {invoice.lines.length > 0 && (
          <fieldset className="form__fieldset">
            <legend className="form__legend">{t('adminBilling.creditNote.mode')}</legend>
            {modes.map((mode) => (
              <label key={mode.value} className="form__choice">
                <input type="radio" className="form__checkbox" name="credit-mode" value={mode.value} checked={values.mode === mode.value} onChange={() => form.set('mode', mode.value)} />
                {mode.label}
              </label>
            ))}
          </fieldset>
        )}
        {bySeats ? (
          <fieldset className="form__fieldset" aria-describedby={form.errorOf('lines') ? `${form.idOf('lines')}-error` : undefined}>
            <legend className="form__legend">{t('adminBilling.creditNote.seatsLegend')}</legend>
            {invoice.lines.map((line) => {
              const left = Math.max(0, line.seats - line.creditedSeats);
              return (
                <NumberField
                  key={line.lineId}
                  {...field(`seats.${line.lineId}`)}
                  min={0}
                  max={left}
                  label={t('adminBilling.creditNote.seatsOf', { line: line.lineId, title: line.title })}
                  hint={t('adminBilling.creditNote.seatsHint', { max: left, seats: line.seats, price: formatMoneyWithCode(line.unitPrice, invoice.currency) })}
                />
              );
            })}
            <FieldError id={form.idOf('lines')} error={form.errorOf('lines')} />
          </fieldset>
        ) : (
          <TextField {...field('amount')} label={t('adminBilling.creditNote.amount')} autoComplete="off" maxLength={20} required />
        )}
        <TextAreaField {...field('reason')} label={t('adminBilling.creditNote.reason')} maxLength={1000} rows={3} required />
        <section aria-labelledby="credit-note-preview" aria-live="polite">
          <h3 id="credit-note-preview">{t('adminBilling.creditNote.preview')}</h3>
          {preview ? (
            <dl className="admin-facts">
              <dt>{t('adminBilling.creditNote.previewNet')}</dt>
              <dd data-testid="credit-preview-net">{printMoneyWithCode(preview.net)}</dd>
              <dt>{t('adminBilling.creditNote.previewVat', { rate })}</dt>
              <dd data-testid="credit-preview-vat">{printMoneyWithCode(preview.vat)}</dd>
              <dt>{t('adminBilling.creditNote.previewGross')}</dt>
              <dd data-testid="credit-preview-gross">{printMoneyWithCode(preview.gross)}</dd>
            </dl>
          ) : (
            <p>{t('adminBilling.creditNote.previewNone')}</p>
          )}
        </section>
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
