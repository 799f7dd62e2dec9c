import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { urlOf } from '#shared/contract.ts';
import { auditCalls } from '#shared/contract/audit.ts';
import { formatDateTime } from '#shared/dates.ts';
import { orderStatuses, type OrderStatus } from '#shared/orders.ts';
import { adminPaths, apiBase } from '#shared/paths.ts';
import { isStaffRole } from '#shared/staff-roles.ts';
import { auditOutcomes, auditQuerySchema, type AuditFilter } from '#shared/schemas/staff-admin.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { DateField, SelectField, TextField } from '#client/ui/form/fields.tsx';
import { useForm } from '#client/ui/form/use-form.ts';
import { LoadFailed } from '../../load-failed.tsx';
import { TableScroll } from '../../table-scroll.tsx';
import { statusLabel } from '../../labels.ts';

const filterKeys = ['actor', 'action', 'targetKind', 'targetId', 'outcome', 'fromDate', 'toDate'] as const;
type FilterValues = Record<(typeof filterKeys)[number], string>;

/** The filter and page of the address; what the schema refuses is left out, so a bad address shows the whole log. */
function viewOf(search: URLSearchParams): { filter: AuditFilter; page: number } {
  const raw = Object.fromEntries(filterKeys.map((key) => [key, search.get(key) ?? undefined]));
  const parsed = auditQuerySchema.safeParse({ ...raw, page: search.get('page') ?? undefined });
  if (!parsed.success) return { filter: {}, page: 1 };
  const { page, pageSize: _pageSize, ...filter } = parsed.data;
  return { filter, page };
}

function searchOf(filter: AuditFilter, page: number): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of filterKeys) {
    const value = filter[key];
    if (value) search.set(key, value);
  }
  if (page > 1) search.set('page', String(page));
  return search;
}

/**
 * `/app/admin-panel/audit`, admins only (docs/product/audit-log.md): the audit log, newest
 * first, a page at a time, filtered by who, action, target, outcome and days; the filter
 * and page live in the address, and the CSV export takes the same filter.
 */
export default function AuditPage() {
  const t = useT();
  const { language } = useLanguage();
  const [search, setSearch] = useSearchParams();
  const view = viewOf(search);
  const log = useQuery({ ...apiQuery(auditCalls.auditLog, { query: { ...view.filter, page: view.page } }), placeholderData: keepPreviousData });
  const csvUrl = `${apiBase}${urlOf(auditCalls.exportAuditLog, { query: { ...view.filter, language } })}`;
  const data = log.data;

  return (
    <div className="admin-audit">
      <div className="admin-page-head">
        <h1>{t('adminAudit.title')}</h1>
        <a className="admin-button admin-button--secondary" href={csvUrl} download>
          {t('adminAudit.export')}
        </a>
      </div>
      <p>{t('adminAudit.intro')}</p>
      <Filters applied={view.filter} onApply={(filter) => setSearch(searchOf(filter, 1))} />
      {log.isPending ? (
        <p role="status">{t('admin.loading')}</p>
      ) : log.error || !data ? (
        <LoadFailed query={log} />
      ) : data.results.length === 0 ? (
        <p className="admin-empty">{t('adminAudit.empty')}</p>
      ) : (
        <>
          <TableScroll label={t('adminAudit.title')}>
            <table className="admin-table" aria-busy={log.isFetching}>
              <caption className="admin-sr-only">{t('adminAudit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('adminAudit.column.at')}</th>
                  <th scope="col">{t('adminAudit.column.actor')}</th>
                  <th scope="col">{t('adminAudit.column.clientAddress')}</th>
                  <th scope="col">{t('adminAudit.column.action')}</th>
                  <th scope="col">{t('adminAudit.column.target')}</th>
                  <th scope="col">{t('adminAudit.column.outcome')}</th>
                  <th scope="col">{t('adminAudit.column.summary')}</th>
                </tr>
              </thead>
              <tbody>
                {data.results.map((row) => (
                  <tr key={row.id}>
                    <td className="admin-table__nowrap">{formatDateTime(row.at, language)}</td>
                    <td>
                      {row.actorEmail}
                      {row.actorRole && ` (${isStaffRole(row.actorRole) ? t(`staffRole.${row.actorRole}`) : row.actorRole})`}
                    </td>
                    <td>{row.clientAddress}</td>
                    <td>{row.action}</td>
                    <td>
                      <AuditTarget kind={row.targetKind} id={row.targetId} />
                    </td>
                    <td>{t(`adminAudit.outcome.${row.outcome}`)}</td>
                    <td>{statusesInWords(row.summary, t)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <nav className="admin-contacts__pager" aria-label={t('adminAudit.pager')}>
            <button type="button" className="admin-button admin-button--secondary" disabled={view.page <= 1} onClick={() => setSearch(searchOf(view.filter, view.page - 1))}>
              {t('adminAudit.previous')}
            </button>
            <span aria-live="polite">
              {t('adminAudit.pageOf', { page: view.page, pages: data.totalPages })} · {t('adminAudit.total', { count: data.totalResults })}
            </span>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={view.page >= data.totalPages}
              onClick={() => setSearch(searchOf(view.filter, view.page + 1))}
            >
              {t('adminAudit.next')}
            </button>
          </nav>
        </>
      )}
    </div>
  );
}

/** The filters, applied on submit; the shared schema checks them (a day that does not exist, a "to" before the "from"). */
function Filters({ applied, onApply }: { applied: AuditFilter; onApply: (filter: AuditFilter) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const initial = Object.fromEntries(filterKeys.map((key) => [key, applied[key] ?? ''])) as FilterValues;
  const form = useForm({
    language,
    initial,
    startOverOn: JSON.stringify(initial),
    schema: auditQuerySchema,
    send: async (query) => {
      const { page: _page, pageSize: _pageSize, ...filter } = query;
      onApply(filter);
    },
  });
  const outcomeOptions = auditOutcomes.map((outcome) => ({ value: outcome, label: t(`adminAudit.outcome.${outcome}`) }));

  return (
    <form className="form admin-audit__filters" role="search" aria-label={t('adminAudit.title')} onSubmit={form.onSubmit} noValidate>
      <TextField {...form.field('actor')} label={t('adminAudit.filter.actor')} autoComplete="off" maxLength={254} />
      <TextField {...form.field('action')} label={t('adminAudit.filter.action')} autoComplete="off" maxLength={100} />
      <TextField {...form.field('targetKind')} label={t('adminAudit.filter.targetKind')} autoComplete="off" maxLength={40} />
      <TextField {...form.field('targetId')} label={t('adminAudit.filter.targetId')} autoComplete="off" maxLength={200} />
      <SelectField {...form.field('outcome')} label={t('adminAudit.filter.outcome')} options={outcomeOptions} language={language} />
      <DateField {...form.field('fromDate')} label={t('adminAudit.filter.fromDate')} />
      <DateField {...form.field('toDate')} label={t('adminAudit.filter.toDate')} />
      <div className="form__actions">
        <button type="submit" className="admin-button">
          {t('adminAudit.filter.apply')}
        </button>
        <button type="button" className="admin-button admin-button--secondary" onClick={() => onApply({})}>
          {t('adminAudit.filter.reset')}
        </button>
      </div>
    </form>
  );
}

/** The back-office pages a target of the log has: the order, the contact, the webinar, the newsletter issue. */
const targetPages: Partial<Record<string, (id: string) => string>> = {
  order: adminPaths.order,
  contact: adminPaths.contact,
  webinar: adminPaths.webinar,
  newsletterIssue: adminPaths.newsletterIssue,
};

/**
 * A row's target, a link to its page where it has one (a staff member: the staff page). A
 * long id shows its first eight characters, enough to tell rows apart; the link's name and
 * the filter by target id take the whole id.
 */
function AuditTarget({ kind, id }: { kind: string | null; id: string | null }) {
  if (!kind) return null;
  const shown = id && id.length > 12 && !id.includes(' ') ? `${kind} ${id.slice(0, 8)}` : `${kind} ${id ?? ''}`.trim();
  const whole = `${kind} ${id ?? ''}`.trim();
  const page = id ? (targetPages[kind] ?? (kind === 'staff' ? adminPaths.staff : undefined)) : undefined;
  if (page && id) {
    return (
      <Link to={page(id)} aria-label={whole} className="admin-table__nowrap">
        {shown}
      </Link>
    );
  }
  return <span title={whole}>{shown}</span>;
}

/** The log keeps an action's summary as written then (`2026-000012: INVOICED → PAID`); the page names the statuses in the reader's language. */
function statusesInWords(summary: string, t: ReturnType<typeof useT>): string {
  return summary.replace(/\b[A-Z][A-Z_]+\b/g, (word) => ((orderStatuses as readonly string[]).includes(word) ? statusLabel(t, word as OrderStatus) : word));
}
