import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { messageAdminCalls } from '#shared/contract/messages-admin.ts';
import { translatePlural } from '#client/lib/translate.ts';
import { adminPaths } from '#shared/paths.ts';
import { messageFilters, type MessageFilter } from '#shared/schemas/messages.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import './messages.css';
import { ListResults } from '../../load-failed.tsx';

const isFilter = (value: string | null): value is MessageFilter => (messageFilters as readonly (string | null)[]).includes(value);

/**
 * `/app/admin-panel/messages`: the contact messages, newest first, with Inbox, Unread and
 * Archived views and pages; both live in the address. Unread ones stand out; opening one
 * marks it read.
 */
export default function MessagesPage() {
  const t = useT();
  const { language } = useLanguage();
  const [search, setSearch] = useSearchParams();
  const status: MessageFilter = isFilter(search.get('status')) ? (search.get('status') as MessageFilter) : 'INBOX';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useQuery({ ...apiQuery(messageAdminCalls.adminMessages, { query: { status, page } }), placeholderData: keepPreviousData });
  const go = (next: { status?: MessageFilter; page?: number }) => {
    const params = new URLSearchParams();
    const nextStatus = next.status ?? status;
    if (nextStatus !== 'INBOX') params.set('status', nextStatus);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearch(params);
  };

  return (
    <div className="admin-messages">
      <h1>{t('admin.messages.title')}</h1>
      <nav className="admin-tabs" aria-label={t('admin.messages.views')}>
        {messageFilters.map((filter) => (
          <Link key={filter} to={filter === 'INBOX' ? adminPaths.messages() : `${adminPaths.messages()}?status=${filter}`} aria-current={filter === status ? 'page' : undefined}>
            {t(`admin.messages.filter.${filter}`)}
          </Link>
        ))}
      </nav>
      <ListResults query={list} empty={t(`admin.messages.empty.${status}`)}>
        {(data) => (
          <>
            <ul className="admin-messages__list">
              {data.results.map((message) => (
                <li key={message.id} className={message.read ? 'admin-message-row' : 'admin-message-row admin-message-row--unread'}>
                  <Link to={adminPaths.message(message.id)}>
                    <span className="admin-message-row__from">
                      {!message.read && <span className="admin-sr-only">{t('admin.messages.unread')} </span>}
                      {message.name}
                      {message.company && ` · ${message.company}`}
                    </span>
                    <span className="admin-message-row__subject">{message.subject}</span>
                    <span className="admin-message-row__preview">{message.preview}</span>
                  </Link>
                  <span className="admin-message-row__meta">
                    {t(`forms.recipient.${message.recipient}`)} · <time dateTime={message.receivedAt}>{formatDateTime(message.receivedAt, language)}</time>
                  </span>
                </li>
              ))}
            </ul>
            <nav className="admin-pager" aria-label={t('admin.orders.pager')}>
              <button type="button" className="admin-button admin-button--secondary" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                {t('admin.orders.previous')}
              </button>
              <span aria-live="polite">
                {t('admin.orders.pageOf', { page, pages: Math.max(1, data.totalPages) })} · {translatePlural(language, 'admin.messages.total', data.totalResults)}
              </span>
              <button type="button" className="admin-button admin-button--secondary" disabled={page >= data.totalPages} onClick={() => go({ page: page + 1 })}>
                {t('admin.orders.next')}
              </button>
            </nav>
          </>
        )}
      </ListResults>
    </div>
  );
}
