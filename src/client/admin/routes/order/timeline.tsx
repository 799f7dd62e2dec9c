import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { AdminOrder, TimelineEntry } from '#shared/schemas/orders-admin.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { TextAreaField } from '#client/ui/form/fields.tsx';
import { problemsFromApi, problemText } from '#client/ui/form/problems.ts';
import { actionLabel, statusLabel } from '../../labels.ts';

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
  const { language } = useLanguage();
  const [text, setText] = useState('');
  const addNote = useMutation({
    mutationFn: () => callApi(orderAdminCalls.addOrderNote, { params: { id: order.detail.id }, body: { text } }),
    onSuccess: () => {
      setText('');
      onNoteAdded();
    },
  });
  const noteProblem = addNote.error instanceof ApiError ? problemsFromApi(addNote.error.fieldErrors).text : undefined;

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (text.trim() !== '') addNote.mutate();
  }

  return (
    <section aria-labelledby="admin-order-history" className="admin-timeline">
      <h2 id="admin-order-history">{t('admin.order.history')}</h2>
      <form className="form admin-timeline__form" onSubmit={submit} noValidate>
        <TextAreaField
          id="admin-order-note"
          label={t('admin.order.note.label')}
          value={text}
          onChange={setText}
          maxLength={2000}
          rows={3}
          error={noteProblem && problemText(noteProblem, language)}
        />
        <div className="form__actions">
          <button type="submit" className="admin-button admin-button--secondary" disabled={text.trim() === '' || addNote.isPending}>
            {t('admin.order.note.add')}
          </button>
        </div>
      </form>
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
