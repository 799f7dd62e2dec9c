import { formatDateTime, formatIsoDay, lastDayOfPeriod } from '#shared/dates.ts';
import type { Language } from '#shared/locales.ts';
import { formatMoneyWithCode } from '#shared/money.ts';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { orderNoteSchema, type AdminOrder, type TimelineEntry } from '#shared/schemas/orders-admin.ts';
import { callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { FormProblems, TextAreaField } from '#client/ui/form/fields.tsx';
import { useForm } from '#client/ui/form/use-form.ts';
import { actionLabel, statusLabel } from '../../labels.ts';
import { useCan } from '../../staff.ts';

/** Who did it: a staff member's e-mail, or the customer, or the shop itself. */
function useWho() {
  const t = useT();
  return (who: string) => (who === 'customer' || who === 'visitor' ? t('admin.order.who.customer') : who === 'system' ? t('admin.order.who.system') : who);
}

type Transition = Extract<TimelineEntry, { kind: 'TRANSITION' }>;

/**
 * What a transition moved: the payment's amount and day, the refund promised or paid
 * out, the renewal's amount and month, the day a plan ends. Undefined when it moved no money.
 */
function moneyOf(entry: Transition, currency: string, language: Language, t: ReturnType<typeof useT>, who: string): string | undefined {
  const data = entry.data ?? {};
  const amount = (key: string) => (typeof data[key] === 'number' ? formatMoneyWithCode(data[key], currency) : undefined);
  const day = (key: string) => (typeof data[key] === 'string' ? formatIsoDay(data[key], language) : undefined);
  switch (entry.action) {
    case 'PAY':
      return amount('amount') && t('admin.order.timeline.payment', { amount: amount('amount') ?? '', date: day('date') ?? '', who });
    case 'CANCEL_REFUND':
      return data.refund === true ? t('admin.order.timeline.refundPromised', { amount: amount('refundAmount') ?? '' }) : t('admin.order.timeline.noRefund');
    case 'START_TERMINATION':
      return [day('terminatedFrom') && t('admin.order.timeline.endsOn', { date: day('terminatedFrom') ?? '' }), data.refund === true && t('admin.order.timeline.refundPromised', { amount: amount('refundAmount') ?? '' })]
        .filter(Boolean)
        .join(' · ');
    case 'ARCHIVE_REFUND':
      return t('admin.order.timeline.refundPaid', { amount: amount('refundAmount') ?? '', date: day('refundDate') ?? '' });
    case 'SEATS_CHANGED': {
      const seats = { from: String(data.from ?? ''), to: String(data.to ?? ''), date: day('effective') ?? '' };
      return typeof data.invoiceNumber === 'string' && amount('amountDue')
        ? t('seats.timelineInvoice', { ...seats, number: data.invoiceNumber, amount: amount('amountDue') ?? '' })
        : t('seats.timeline', seats);
    }
    case 'RENEW':
      return amount('amountDue') && t('admin.order.timeline.renewed', { amount: amount('amountDue') ?? '', from: day('periodStart') ?? '', to: typeof data.periodEnd === 'string' ? formatIsoDay(lastDayOfPeriod(data.periodEnd), language) : '' });
    default:
      return undefined;
  }
}

function EntryText({ entry, currency }: { entry: TimelineEntry; currency: string }) {
  const t = useT();
  const { language } = useLanguage();
  const who = useWho();
  switch (entry.kind) {
    case 'TRANSITION': {
      const reason = typeof entry.data?.reason === 'string' ? entry.data.reason : undefined;
      const money = moneyOf(entry, currency, language, t, who(entry.who));
      return (
        <>
          <strong>{actionLabel(t, entry.action)}</strong>{' '}
          {entry.from === entry.to
            ? ''
            : entry.from
              ? t('admin.order.timeline.fromTo', { from: statusLabel(t, entry.from), to: statusLabel(t, entry.to) })
              : t('admin.order.timeline.to', { to: statusLabel(t, entry.to) })}{' '}
          · {who(entry.who)}
          {money && <span className="admin-timeline__money">{money}</span>}
          {reason && <span className="admin-timeline__reason">{t('admin.order.timeline.reason', { reason })}</span>}
        </>
      );
    }
    case 'NOTE':
      return (
        <>
          <strong>{t('admin.order.timeline.note')}</strong> · {who(entry.who)}
          <span className="admin-timeline__note">{entry.text}</span>
        </>
      );
    case 'MAIL':
      return (
        <>
          <strong>{t('admin.order.timeline.mail')}</strong> {t(entry.sent ? 'admin.order.timeline.mailSent' : 'admin.order.timeline.mailQueued', { subject: entry.subject, recipient: entry.recipient })}
        </>
      );
  }
}

/** What happened to the order, newest first: actions with who took them, mails, and notes; staff add notes here. */
export function Timeline({ order, onNoteAdded }: { order: AdminOrder; onNoteAdded: () => void }) {
  const t = useT();
  const canEdit = useCan('editor');
  const { language } = useLanguage();
  const form = useForm({
    language,
    initial: { text: '' },
    schema: orderNoteSchema,
    canSend: ({ text }) => text.trim() !== '',
    send: (body) => callApi(orderAdminCalls.addOrderNote, { params: { id: order.detail.id }, body }),
    onSent: () => {
      form.restart();
      onNoteAdded();
    },
  });

  return (
    <section aria-labelledby="admin-order-history" className="admin-timeline">
      <h2 id="admin-order-history">{t('admin.order.history')}</h2>
      {canEdit && <form className="form admin-timeline__form" onSubmit={form.onSubmit} noValidate>
        <FormProblems texts={form.elsewhere} />
        <TextAreaField {...form.field('text')} label={t('admin.order.note.label')} maxLength={2000} rows={3} />
        <div className="form__actions">
          <button type="submit" className="admin-button admin-button--secondary" disabled={!form.ready || form.sending}>
            {t('admin.order.note.add')}
          </button>
        </div>
      </form>}
      <ol className="admin-timeline__entries">
        {order.history.map((entry, index) => (
          <li key={index} className={`admin-timeline__entry admin-timeline__entry--${entry.kind.toLowerCase()}`}>
            <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
            <p>
              <EntryText entry={entry} currency={order.currency} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
