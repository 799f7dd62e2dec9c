import { useEffect, useState } from 'react';
import type { ErrorBody } from '#shared/errors.ts';
import { orderStatuses, type OrderStatus } from '#shared/orders.ts';
import { dateRanges, defaultListStatuses } from '#shared/schemas/orders-admin.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CheckboxField, DateField, FieldError, FormProblems, SelectField, TextField } from '#client/ui/form/fields.tsx';
import { problemsFromApi } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { statusLabel } from '../../labels.ts';
import type { OrdersView } from './orders-url.ts';

type Filter = Pick<OrdersView, 'statuses' | 'company' | 'number' | 'search' | 'dateRange' | 'fromDate' | 'toDate'>;

/** How long typing may pause before the list follows: one request per pause, not per key. */
const typingPauseMs = 300;

/** Where the search box is: the `/` key puts the focus there. */
export const orderSearchSelector = '.admin-filters__search input';

/**
 * The filters of the orders table: one search box (number, company, contact name or
 * e-mail), the date range and the statuses. They apply as they change (typing after a
 * short pause), so there is nothing to submit; the server's refusals (a last day before
 * the first) show at their field. A company or number filter of an older address is
 * shown with a way to drop it.
 */
export function OrderFilters({ view, onApply, problems }: { view: OrdersView; onApply: (filter: Filter) => void; problems: NonNullable<ErrorBody['errors']> }) {
  const t = useT();
  const { language } = useLanguage();
  const applied: Filter = {
    statuses: view.statuses,
    company: view.company,
    number: view.number,
    search: view.search,
    dateRange: view.dateRange,
    fromDate: view.fromDate,
    toDate: view.toDate,
  };
  const appliedKey = JSON.stringify(applied);
  // The address changes when the filters apply: that must not start the form over while
  // someone keeps typing. Only an address that came from elsewhere (Back, a chip, a saved
  // view) replaces what was typed.
  const [sent, setSent] = useState<string>();
  const [startOver, setStartOver] = useState(appliedKey);
  if (appliedKey !== startOver && appliedKey !== sent) {
    setStartOver(appliedKey);
    setSent(undefined);
  }
  const form = useForm({
    language,
    initial: applied,
    startOverOn: startOver,
    // The list refused the filter of the address: its reasons show at the filter's fields.
    outsideProblems: problemsFromApi(problems),
    send: async (filter) => apply(filter),
  });
  const { field, values: draft } = form;
  const draftKey = JSON.stringify(draft);

  function apply(filter: Filter): void {
    const key = JSON.stringify(filter);
    if (key === appliedKey) return;
    setSent(key);
    onApply(filter);
  }

  useEffect(() => {
    if (draftKey === appliedKey) return;
    const timer = setTimeout(() => apply(JSON.parse(draftKey) as Filter), typingPauseMs);
    return () => clearTimeout(timer);
    // Only a change of the draft schedules a new apply; `apply` reads the latest address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey]);

  const toggleStatus = (status: OrderStatus, on: boolean) =>
    form.set('statuses', on ? [...draft.statuses, status] : draft.statuses.filter((chosen) => chosen !== status));

  return (
    <form className="admin-filters form" role="search" aria-label={t('admin.orders.filters')} onSubmit={form.onSubmit} noValidate>
      <FormProblems texts={form.elsewhere} />
      <div className="admin-filters__fields">
        <TextField
          {...field('search')}
          className="admin-filters__search"
          label={t('admin.orders.filter.search')}
          hint={t('admin.orders.filter.searchHint')}
          autoComplete="off"
          maxLength={200}
        />
        <SelectField
          {...field('dateRange')}
          label={t('admin.orders.filter.dateRange')}
          options={dateRanges.map((range) => ({ value: range, label: t(`admin.orders.range.${range}`) }))}
          language={language}
          placeholder="whenEmpty"
        />
        {draft.dateRange === 'CUSTOM' && (
          <>
            <DateField {...field('fromDate')} label={t('admin.orders.filter.from')} />
            <DateField {...field('toDate')} label={t('admin.orders.filter.to')} />
          </>
        )}
      </div>
      {(view.company || view.number) && (
        <p className="admin-filters__older">
          {[view.company && t('admin.orders.filter.companyIs', { company: view.company }), view.number && t('admin.orders.filter.numberIs', { number: view.number })]
            .filter(Boolean)
            .join(' · ')}{' '}
          <button type="button" className="admin-button admin-button--secondary" onClick={() => form.update((values) => ({ ...values, company: '', number: '' }))}>
            {t('admin.orders.filter.dropOlder')}
          </button>
        </p>
      )}
      <details className="admin-filters__statuses" open={draft.statuses.length > 0 || undefined}>
        <summary>{t('admin.orders.filter.statuses')}</summary>
        <fieldset>
          <legend className="admin-sr-only">{t('admin.orders.filter.statuses')}</legend>
          <p className="form__hint" id="admin-filter-statuses-hint">
            {t('admin.orders.filter.statusesHint', { count: defaultListStatuses.length })}
          </p>
          <div className="admin-filters__choices">
            {orderStatuses
              .filter((status) => status !== 'DELETED')
              .map((status) => (
                <CheckboxField
                  key={status}
                  id={`admin-filter-status-${status}`}
                  className="form__choice"
                  label={statusLabel(t, status)}
                  checked={draft.statuses.includes(status)}
                  onChange={(on) => toggleStatus(status, on)}
                />
              ))}
          </div>
          <FieldError id={form.idOf('statuses')} error={form.errorOf('statuses')} />
        </fieldset>
      </details>
      <div className="admin-filters__actions">
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() => form.update(() => ({ statuses: [], company: '', number: '', search: '', dateRange: 'ALL', fromDate: '', toDate: '' }))}
        >
          {t('admin.orders.filter.reset')}
        </button>
      </div>
    </form>
  );
}
