import type { ErrorBody } from '#shared/errors.ts';
import { orderStatuses, type OrderStatus } from '#shared/orders.ts';
import { dateRanges, defaultListStatuses } from '#shared/schemas/orders-admin.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CheckboxField, DateField, FieldError, FormProblems, SelectField, TextField } from '#client/ui/form/fields.tsx';
import { problemsFromApi } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
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
  const form = useForm({
    language,
    initial: applied,
    // A new address (Back, a saved view) replaces what was typed.
    startOverOn: JSON.stringify(applied),
    // The list refused the filter of the address: its reasons show at the filter's fields.
    outsideProblems: problemsFromApi(problems),
    send: async (filter) => onApply(filter),
  });
  const { field, values: draft } = form;
  const toggleStatus = (status: OrderStatus, on: boolean) =>
    form.set('statuses', on ? [...draft.statuses, status] : draft.statuses.filter((chosen) => chosen !== status));

  return (
    <form className="admin-filters form" role="search" aria-label={t('admin.orders.filters')} onSubmit={form.onSubmit} noValidate>
      <FormProblems texts={form.elsewhere} />
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
        <FieldError id={form.idOf('statuses')} error={form.errorOf('statuses')} />
      </fieldset>
      <div className="admin-filters__fields">
        <TextField {...field('company')} label={t('admin.orders.filter.company')} autoComplete="off" maxLength={200} />
        <TextField {...field('number')} label={t('admin.orders.filter.number')} autoComplete="off" maxLength={20} />
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
