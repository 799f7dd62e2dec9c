import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { urlOf } from '#shared/contract.ts';
import { contactAdminCalls } from '#shared/contract/contacts-admin.ts';
import { translatePlural } from '#client/lib/translate.ts';
import { adminPaths, apiBase } from '#shared/paths.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { TextField } from '#client/ui/form/fields.tsx';
import { useForm } from '#client/ui/form/use-form.ts';
import { ContactsTable } from './contacts-table.tsx';
import './contacts.css';
import { LoadFailed } from '../../load-failed.tsx';

/** The longest search the list takes (`contactListQuerySchema`); the field stops there. */
const maxQueryLength = 200;
const maxPage = 1_000_000;

/** `?q=muster&page=2` → the search and the page; a page that makes no sense is the first. */
function viewOf(search: URLSearchParams): { q: string; page: number } {
  const page = Number(search.get('page'));
  return {
    q: (search.get('q') ?? '').trim().slice(0, maxQueryLength),
    page: Number.isInteger(page) && page >= 1 && page <= maxPage ? page : 1,
  };
}

/** The address of a view; the defaults are left out. */
function searchOf(view: { q: string; page: number }): URLSearchParams {
  const search = new URLSearchParams();
  if (view.q) search.set('q', view.q);
  if (view.page > 1) search.set('page', String(view.page));
  return search;
}

/**
 * `/app/admin-panel/contacts`: everyone who left an e-mail address through a form, newest
 * first, a page at a time. The search (part of a name, the e-mail address or the company)
 * and the page live in the address; the search applies on submit (button or Enter). The
 * CSV download takes the same search.
 */
export default function ContactsPage() {
  const t = useT();
  const { language } = useLanguage();
  const [search, setSearch] = useSearchParams();
  const view = viewOf(search);
  const list = useQuery({
    ...apiQuery(contactAdminCalls.adminContacts, { query: { ...(view.q ? { q: view.q } : {}), page: view.page } }),
    placeholderData: keepPreviousData,
  });
  const go = (next: { q?: string; page?: number }) => setSearch(searchOf({ q: next.q ?? view.q, page: next.page ?? 1 }));
  const csvUrl = `${apiBase}${urlOf(contactAdminCalls.exportContacts, { query: { q: view.q || undefined, language } })}`;
  const data = list.data;

  return (
    <div className="admin-contacts">
      <div className="admin-page-head">
        <h1>{t('adminContacts.title')}</h1>
        <a className="admin-button admin-button--secondary" href={csvUrl} download>
          {t('adminContacts.csv')}
        </a>
      </div>
      <SearchForm applied={view.q} onSearch={(q) => go({ q, page: 1 })} />

      {list.isPending ? (
        <p role="status">{t('admin.loading')}</p>
      ) : list.error || !data ? (
        <LoadFailed query={list} />
      ) : data.results.length === 0 && data.totalResults > 0 ? (
        <div className="admin-empty">
          <p>{t('adminContacts.pastEnd')}</p>
          <Link to={{ pathname: adminPaths.contacts(), search: searchOf({ q: view.q, page: 1 }).toString() }}>{t('adminContacts.firstPage')}</Link>
        </div>
      ) : data.results.length === 0 ? (
        <p className="admin-empty">{view.q ? t('adminContacts.emptySearch', { q: view.q }) : t('adminContacts.empty')}</p>
      ) : (
        <>
          <ContactsTable
            rows={data.results}
            caption={view.q ? t('adminContacts.captionSearch', { q: view.q }) : t('adminContacts.caption')}
            busy={list.isFetching}
          />
          <nav className="admin-contacts__pager" aria-label={t('adminContacts.pager')}>
            <button type="button" className="admin-button admin-button--secondary" disabled={view.page <= 1} onClick={() => go({ page: view.page - 1 })}>
              {t('adminContacts.previous')}
            </button>
            <span aria-live="polite">
              {t('adminContacts.pageOf', { page: view.page, pages: Math.max(1, data.totalPages) })} ·{' '}
              {translatePlural(language, 'adminContacts.total', data.totalResults)}
            </span>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={view.page >= data.totalPages}
              onClick={() => go({ page: view.page + 1 })}
            >
              {t('adminContacts.next')}
            </button>
          </nav>
        </>
      )}
    </div>
  );
}

/**
 * The search field with its button; Enter submits too. What was typed is replaced when the
 * address changes otherwise (Back, the navigation's link).
 */
function SearchForm({ applied, onSearch }: { applied: string; onSearch: (q: string) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const form = useForm({
    language,
    initial: { q: applied },
    startOverOn: applied,
    send: async ({ q }) => onSearch(q.trim()),
  });

  return (
    <form className="admin-contacts__search" role="search" aria-label={t('adminContacts.search.region')} onSubmit={form.onSubmit} noValidate>
      <TextField {...form.field('q')} label={t('adminContacts.search.label')} autoComplete="off" maxLength={maxQueryLength} />
      <div className="admin-contacts__search-actions">
        <button type="submit" className="admin-button">
          {t('adminContacts.search.submit')}
        </button>
        {applied && (
          <button type="button" className="admin-button admin-button--secondary" onClick={() => onSearch('')}>
            {t('adminContacts.search.clear')}
          </button>
        )}
      </div>
    </form>
  );
}
