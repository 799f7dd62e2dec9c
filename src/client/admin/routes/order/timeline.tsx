import { formatDateTime } from '#shared/dates.ts';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { orderNoteSchema, type AdminOrder, type TimelineEntry } from '#shared/schemas/orders-admin.ts';
import { callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { TextAreaField } from '#client/ui/form/fields.tsx';
import { useForm } from '#client/ui/form/use-form.ts';
import { actionLabel, statusLabel } from '../../labels.ts';
import { useCan } from '../../staff.ts';

/** Who did it: a staff member's e-mail, or the customer, or the shop itself. */
function useWho() {
  const t = useT();
  return (who: string) => (who === 'customer' || who === 'visitor' ? t('admin.order.who.customer') : who === 'system' ? t('admin.order.who.system') : who);
}

function EntryText({ entry }: { entry: TimelineEntry }) {
  const t = useT();
  const who = useWho();
  switch (entry.kind) {
    case 'TRANSITION': {
      const reason = typeof entry.data?.reason === 'string' ? entry.data.reason : undefined;
      return (
        <>
          <strong>{actionLabel(t, entry.action)}</strong>{' '}
          {entry.from
            ? t('admin.order.timeline.fromTo', { from: statusLabel(t, entry.from), to: statusLabel(t, entry.to) })
            : t('admin.order.timeline.to', { to: statusLabel(t, entry.to) })}{' '}
          · {who(entry.who)}
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
              <EntryText entry={entry} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
