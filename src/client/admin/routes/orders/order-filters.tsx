import { useState, type FormEvent } from 'react';
import type { ErrorBody } from '#shared/errors.ts';
import { orderStatuses, type OrderStatus } from '#shared/orders.ts';
import { dateRanges, defaultListStatuses, type DateRange } from '#shared/schemas/orders-admin.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CheckboxField, DateField, SelectField, TextField } from '#client/ui/form/fields.tsx';
import { problemsFromApi, problemText } from '#client/ui/form/problems.ts';
import { statusLabel } from '../../labels.ts';
import type { OrdersView } from './orders-url.ts';

type Filter = Pick<OrdersView, 'statuses' | 'company' | 'number' | 'dateRange' | 'fromDate' | 'toDate'>;

/**
 * The filters of the orders table as a form: statuses, company, number and a date range
 * (with a custom first and last day). They apply on submit, so typing does not reload the
 * table at every key; the server's refusals (a last day before the first) show at their field.
 */
export function OrderFilters({ view, onApply, problems }: { view: OrdersView; onApply: (filter: Filter) => void; problems: NonNullable<ErrorBody['errors']> }) {
  const t = useT();
  const { language } = useLanguage();
  const applied: Filter = { statuses: view.statuses, company: view.company, number: view.number, dateRange: view.dateRange, fromDate: view.fromDate, toDate: view.toDate };
  const [draft, setDraft] = useState<Filter>(applied);
  // A new address (Back, a saved view) replaces what was typed.
  const [shown, setShown] = useState(applied);
  if (JSON.stringify(shown) !== JSON.stringify(applied)) {
    setShown(applied);
    setDraft(applied);
  }
  const byField = problemsFromApi(problems);
  const errorOf = (field: string) => {
    const problem = Object.entries(byField).find(([path]) => path === field || path.startsWith(`${field}.`))?.[1];
    return problem ? problemText(problem, language) : undefined;
  };
  const change = (next: Partial<Filter>) => setDraft((current) => ({ ...current, ...next }));
  const toggleStatus = (status: OrderStatus, on: boolean) =>
    change({ statuses: on ? [...draft.statuses, status] : draft.statuses.filter((chosen) => chosen !== status) });

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <form className="admin-filters form" role="search" aria-label={t('admin.orders.filters')} onSubmit={submit} noValidate>
      <fieldset className="admin-filters__statuses">
        <legend>{t('admin.orders.filter.statuses')}</legend>
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
      </fieldset>
      <div className="admin-filters__fields">
        <TextField
          id="admin-filter-company"
          label={t('admin.orders.filter.company')}
          value={draft.company}
          onChange={(company) => change({ company })}
          autoComplete="off"
          maxLength={200}
          error={errorOf('company')}
        />
        <TextField
          id="admin-filter-number"
          label={t('admin.orders.filter.number')}
          value={draft.number}
          onChange={(number) => change({ number })}
          autoComplete="off"
          maxLength={20}
          error={errorOf('number')}
        />
        <SelectField
          id="admin-filter-range"
          label={t('admin.orders.filter.dateRange')}
          value={draft.dateRange}
          onChange={(dateRange) => change({ dateRange: dateRange as DateRange })}
          options={dateRanges.map((range) => ({ value: range, label: t(`admin.orders.range.${range}`) }))}
          language={language}
          placeholder="whenEmpty"
          error={errorOf('dateRange')}
        />
        {draft.dateRange === 'CUSTOM' && (
          <>
            <DateField id="admin-filter-from" label={t('admin.orders.filter.from')} value={draft.fromDate} onChange={(fromDate) => change({ fromDate })} error={errorOf('fromDate')} />
            <DateField id="admin-filter-to" label={t('admin.orders.filter.to')} value={draft.toDate} onChange={(toDate) => change({ toDate })} error={errorOf('toDate')} />
          </>
        )}
      </div>
      <div className="admin-filters__actions">
        <button type="submit" className="admin-button">
          {t('admin.orders.filter.apply')}
        </button>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() => onApply({ statuses: [], company: '', number: '', dateRange: 'ALL', fromDate: '', toDate: '' })}
        >
          {t('admin.orders.filter.reset')}
        </button>
      </div>
    </form>
  );
}
