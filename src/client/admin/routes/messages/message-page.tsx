import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { messageAdminCalls } from '#shared/contract/messages-admin.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminPaths } from '#shared/paths.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import './messages.css';
import { useCan } from '../../staff.ts';
import { internationalPhone } from '../../phone.ts';

/**
 * `/app/admin-panel/messages/{id}`: one contact message (reading it marks it read), its
 * text shown as text, with Reply (the sender's address), Mark as unread and Archive.
 */
export default function MessagePage() {
  const { messageId = '' } = useParams();
  const t = useT();
  // A viewer reads (without marking the message read) and changes nothing.
  const canEdit = useCan('editor');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messageQuery = apiQuery(messageAdminCalls.adminMessage, { params: { id: messageId } });
  const message = useQuery(messageQuery);
  // The list and the unread count changed with the reading, and change with every action.
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: [messageAdminCalls.adminMessages.method, messageAdminCalls.adminMessages.path] });
  const act = useMutation({
    mutationFn: (action: 'archive' | 'unarchive' | 'unread') =>
      callApi(action === 'archive' ? messageAdminCalls.archiveMessage : action === 'unarchive' ? messageAdminCalls.unarchiveMessage : messageAdminCalls.markMessageUnread, {
        params: { id: messageId },
      }),
    onSuccess: (_fresh, action) => {
      refreshLists();
      // Done with it: back to the inbox, as a mail program does.
      void navigate(adminPaths.messages(), { state: { done: action } });
    },
  });

  if (message.error instanceof ApiError && message.error.status === 404) {
    return (
      <section className="app-message">
        <h1>{t('admin.messages.notFound')}</h1>
        <p>
          <Link to={adminPaths.messages()}>{t('admin.messages.back')}</Link>
        </p>
      </section>
    );
  }
  if (!message.data) {
    return message.error ? (
      <div className="admin-alert" role="alert">
        <p>{t('admin.loadFailed')}</p>
      </div>
    ) : (
      <p role="status">{t('admin.loading')}</p>
    );
  }
  const data = message.data;
  const name = [data.firstName, data.lastName].filter(Boolean).join(' ');

  return (
    <article className="admin-message">
      <p>
        <Link to={adminPaths.messages()} onClick={refreshLists}>
          {t('admin.messages.back')}
        </Link>
      </p>
      <h1>{data.subject}</h1>
      <dl className="admin-facts">
        <div>
          <dt>{t('admin.messages.from')}</dt>
          <dd>
            {name} &lt;<a href={`mailto:${data.email}?subject=${encodeURIComponent(`Re: ${data.subject}`)}`}>{data.email}</a>&gt;
          </dd>
        </div>
        {data.company && (
          <div>
            <dt>{t('forms.company.label')}</dt>
            <dd>{data.company}</dd>
          </div>
        )}
        {data.phoneNumber && (
          <div>
            <dt>{t('forms.phone.legend')}</dt>
            <dd>{internationalPhone(data.phoneCountryCode, data.phoneNumber)}</dd>
          </div>
        )}
        <div>
          <dt>{t('forms.recipient.label')}</dt>
          <dd>{t(`forms.recipient.${data.recipient}`)}</dd>
        </div>
        <div>
          <dt>{t('admin.messages.received')}</dt>
          <dd>{formatDateTime(data.receivedAt, language)}</dd>
        </div>
      </dl>
      {/* The visitor's text, as text: React escapes it, and white space is kept by CSS. */}
      <div className="admin-message__text">{data.message}</div>
      <div className="admin-message__actions">
        <a className="admin-button" href={`mailto:${data.email}?subject=${encodeURIComponent(`Re: ${data.subject}`)}`}>
          {t('admin.messages.reply')}
        </a>
        {canEdit && (
          <button type="button" className="admin-button admin-button--secondary" disabled={act.isPending} onClick={() => act.mutate('unread')}>
            {t('admin.messages.markUnread')}
          </button>
        )}
        {!canEdit ? null : data.archived ? (
          <button type="button" className="admin-button admin-button--secondary" disabled={act.isPending} onClick={() => act.mutate('unarchive')}>
            {t('admin.messages.unarchive')}
          </button>
        ) : (
          <button type="button" className="admin-button admin-button--secondary" disabled={act.isPending} onClick={() => act.mutate('archive')}>
            {t('admin.messages.archive')}
          </button>
        )}
      </div>
      {act.error && (
        <p className="admin-alert" role="alert">
          {t('admin.messages.actionFailed')}
        </p>
      )}
    </article>
  );
}
