import { useRef, useState } from 'react';
import { formatIsoDay } from '#shared/dates.ts';
import { formatMoneyWithCode } from '#shared/money.ts';
import { maxSeats, seatChangeRequestSchema, type PendingSeats, type SeatChangeAnswer, type SeatChangeRequest } from '#shared/schemas/seat-changes.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { FormProblems, NumberField } from '#client/ui/form/fields.tsx';
import { FormDialog } from '#client/ui/form/form-dialog.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import './seat-changes.css';

/** The buyer's or staff's two calls of a plan (src/shared/contract/seat-changes.ts): the same dialog sends either. */
export interface SeatChangeCalls {
  preview: (body: SeatChangeRequest) => Promise<SeatChangeAnswer>;
  change: (body: SeatChangeRequest) => Promise<SeatChangeAnswer>;
}

/** What a preview or an applied change says: when the count applies, the invoice for added seats, the next month. */
function SeatChangeFigures({ answer, currency }: { answer: SeatChangeAnswer; currency: string }) {
  const t = useT();
  const { language } = useLanguage();
  const day = (isoDay: string) => formatIsoDay(isoDay, language);
  const amount = (value: number) => formatMoneyWithCode(value, currency);
  const { prorated, nextPeriod } = answer;
  return (
    <div className="seat-figures">
      <p>
        {answer.kind === 'increase'
          ? t('seats.increase', { seats: answer.seats })
          : answer.kind === 'reduction'
            ? t('seats.reduction', { seats: answer.seats, current: answer.currentSeats, date: day(answer.effective) })
            : t('seats.withdrawal', { seats: answer.seats })}
      </p>
      {prorated && <p>{t('seats.prorated', { from: day(prorated.from), to: day(prorated.to), net: amount(prorated.net), vat: amount(prorated.vat), gross: amount(prorated.gross) })}</p>}
      <p>{t('seats.nextPeriod', { date: day(nextPeriod.from), net: amount(nextPeriod.net), vat: amount(nextPeriod.vat), gross: amount(nextPeriod.gross) })}</p>
    </div>
  );
}

/** A pending reduction of a plan; with `withdraw`, the action that withdraws it (the current count asked for). */
export function PendingSeatsNote({ pending, withdraw }: { pending: PendingSeats; withdraw?: { calls: SeatChangeCalls; currentSeats: number; onChanged: () => void } | undefined }) {
  const t = useT();
  const { language } = useLanguage();
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  return (
    <p className="seat-pending">
      {t('seats.pending', { seats: pending.seats, date: formatIsoDay(pending.from, language) })}{' '}
      {withdraw && (
        <button
          type="button"
          disabled={state === 'sending'}
          onClick={() => {
            setState('sending');
            withdraw.calls.change({ seats: withdraw.currentSeats }).then(
              () => {
                setState('idle');
                withdraw.onChanged();
              },
              () => setState('failed'),
            );
          }}
        >
          {t('seats.withdraw')}
        </button>
      )}
      {state === 'failed' && <span role="alert"> {t('forms.serverFailed')}</span>}
    </p>
  );
}

/**
 * "Change seats" of a monthly plan (docs/product/seat-changes.md), for the buyer in the
 * account and for staff on the order page: the count asked for, the preview's figures
 * before anything changes, then the change, whose answer is the same figures with the
 * invoice it issued. Problems show at the field (the server's included).
 */
export function SeatChangeDialog({
  orderNumber,
  currentSeats,
  currency,
  calls,
  onChanged,
}: {
  orderNumber: string;
  currentSeats: number;
  currency: string;
  calls: SeatChangeCalls;
  onChanged: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    setRound((value) => value + 1);
  };
  return (
    <>
      <button ref={opener} type="button" onClick={() => setOpen(true)}>
        {t('seats.change')}
      </button>
      <FormDialog language={language} title="seats.change" open={open} onClose={close} returnFocusTo={opener}>
        <SeatChangeForm key={round} orderNumber={orderNumber} currentSeats={currentSeats} currency={currency} calls={calls} onChanged={onChanged} onClose={close} />
      </FormDialog>
    </>
  );
}

function SeatChangeForm({ orderNumber, currentSeats, currency, calls, onChanged, onClose }: Parameters<typeof SeatChangeDialog>[0] & { onClose: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const [preview, setPreview] = useState<SeatChangeAnswer>();
  const [done, setDone] = useState<SeatChangeAnswer>();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useForm({
    language,
    initial: { seats: String(currentSeats) },
    schema: seatChangeRequestSchema,
    // The text typed stays a string when it is no whole number, so the schema names the problem at the field.
    payloadOf: ({ seats }) => ({ seats: /^\d+$/.test(seats.trim()) ? Number(seats) : seats }),
    send: async (body) => setPreview(await calls.preview(body)),
    canSend: ({ seats }) => seats.trim() !== '',
    refusalOf,
  });
  const asked = preview && String(preview.seats) === form.values.seats.trim() ? preview : undefined;

  if (done) {
    return (
      <div className="seat-change" role="status">
        <p>{t('seats.done', { seats: done.seats, date: formatIsoDay(done.effective, language) })}</p>
        {done.invoice && <p>{t('seats.doneInvoice', { number: done.invoice.number, gross: formatMoneyWithCode(done.invoice.gross, currency), date: formatIsoDay(done.invoice.dueOn, language) })}</p>}
        <button type="button" onClick={onClose} data-autofocus>
          {t('seats.close')}
        </button>
      </div>
    );
  }
  return (
    <form className="form seat-change" noValidate onSubmit={form.onSubmit} aria-busy={form.sending || confirming}>
      <p>
        <strong>{t('seats.order', { number: orderNumber })}</strong> {t('seats.current', { seats: currentSeats })}
      </p>
      <FormProblems texts={[...form.elsewhere, ...(failed ? [t('forms.serverFailed')] : [])]} />
      <NumberField {...form.field('seats')} label={t('seats.field')} hint={t('seats.fieldHint')} min={1} max={maxSeats} required />
      <div className="seat-change__actions">
        <button type="submit" disabled={!form.ready || form.sending}>
          {t('seats.preview')}
        </button>
      </div>
      {asked && (
        <div className="seat-change__preview" role="status">
          <SeatChangeFigures answer={asked} currency={currency} />
          <div className="seat-change__actions">
            <button
              type="button"
              className="seat-change__confirm"
              disabled={confirming}
              onClick={() => {
                setConfirming(true);
                setFailed(false);
                calls.change({ seats: asked.seats }).then(
                  (answer) => {
                    setDone(answer);
                    onChanged();
                  },
                  () => {
                    setConfirming(false);
                    setFailed(true);
                  },
                );
              }}
            >
              {t('seats.confirm', { seats: asked.seats })}
            </button>
            <button type="button" onClick={onClose}>
              {t('seats.cancel')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
