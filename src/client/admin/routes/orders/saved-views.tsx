import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import type { SavedView } from '#shared/schemas/orders-admin.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { CheckboxField, SelectField, TextField } from '#client/ui/form/fields.tsx';
import { problemsFromApi, problemText } from '#client/ui/form/problems.ts';
import { filterOf, type OrdersView } from './orders-url.ts';

/**
 * Saved views of the orders table: a staff member saves the current filter, sort and
 * columns under a name, for themselves or for the team, and opens one from the list.
 */
export function SavedViews({ view, onOpen }: { view: OrdersView; onOpen: (view: Partial<OrdersView>) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const viewsQuery = apiQuery(orderAdminCalls.savedViews, {});
  const views = useQuery(viewsQuery);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);

  const save = useMutation({
    mutationFn: () =>
      callApi(orderAdminCalls.saveView, {
        body: { name, shared, view: { filter: filterOf(view), sortColumn: view.sortColumn, sortDirection: view.sortDirection, columns: view.columns } },
      }),
    onSuccess: (saved) => {
      setName('');
      setChosen(saved.id);
      void queryClient.invalidateQueries({ queryKey: viewsQuery.queryKey });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => callApi(orderAdminCalls.deleteView, { params: { id } }),
    onSuccess: () => {
      setChosen('');
      void queryClient.invalidateQueries({ queryKey: viewsQuery.queryKey });
    },
  });

  const list = views.data ?? [];
  const current = list.find((saved) => saved.id === chosen);
  const nameError = save.error instanceof ApiError ? problemsFromApi(save.error.fieldErrors).name : undefined;

  function open(saved: SavedView): void {
    const { filter } = saved.view;
    onOpen({
      statuses: filter.statuses ?? [],
      company: filter.company ?? '',
      number: filter.number ?? '',
      dateRange: filter.dateRange,
      fromDate: filter.fromDate ?? '',
      toDate: filter.toDate ?? '',
      sortColumn: saved.view.sortColumn,
      sortDirection: saved.view.sortDirection,
      columns: saved.view.columns,
    });
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (name.trim() !== '') save.mutate();
  }

  return (
    <section className="admin-views" aria-labelledby="admin-views-title">
      <h2 id="admin-views-title">{t('admin.views.title')}</h2>
      <div className="admin-views__open">
        <SelectField
          id="admin-views-choice"
          label={t('admin.views.choose')}
          value={chosen}
          onChange={setChosen}
          options={list.map((saved) => ({
            value: saved.id,
            label: saved.shared ? t('admin.views.sharedOption', { name: saved.name, owner: saved.owner }) : saved.name,
          }))}
          language={language}
          loading={views.isPending}
        />
        <button type="button" className="admin-button admin-button--secondary" disabled={!current} onClick={() => current && open(current)}>
          {t('admin.views.open')}
        </button>
        {current?.own && (
          <button type="button" className="admin-button admin-button--secondary" disabled={remove.isPending} onClick={() => remove.mutate(current.id)}>
            {t('admin.views.delete')}
          </button>
        )}
      </div>
      <form className="admin-views__save" onSubmit={submit} noValidate>
        <TextField
          id="admin-views-name"
          label={t('admin.views.name')}
          value={name}
          onChange={setName}
          autoComplete="off"
          maxLength={100}
          error={nameError && problemText(nameError, language)}
        />
        <CheckboxField id="admin-views-shared" className="form__choice" label={t('admin.views.shared')} checked={shared} onChange={setShared} />
        <button type="submit" className="admin-button admin-button--secondary" disabled={name.trim() === '' || save.isPending}>
          {t('admin.views.save')}
        </button>
        {save.isSuccess && (
          <p role="status" className="form__hint">
            {t('admin.views.saved')}
          </p>
        )}
      </form>
    </section>
  );
}
