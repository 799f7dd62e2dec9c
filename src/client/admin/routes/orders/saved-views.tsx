import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { savedViewRequestSchema, sharedViewRole, type SavedView } from '#shared/schemas/orders-admin.ts';
import { callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { CheckboxField, FormProblems, SelectField, TextField } from '#client/ui/form/fields.tsx';
import { problemText, refusalOf, serverFailureOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { useCan } from '../../staff.ts';
import { filterOf, type OrdersView } from './orders-url.ts';

/**
 * Saved views of the orders table: a staff member saves the current filter, sort and
 * columns under a name, for themselves or (from the role `sharedViewRole` on) for the
 * team, and opens one from the list.
 */
export function SavedViews({ view, onOpen }: { view: OrdersView; onOpen: (view: Partial<OrdersView>) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const viewsQuery = apiQuery(orderAdminCalls.savedViews, {});
  const views = useQuery(viewsQuery);
  const [chosen, setChosen] = useState('');
  const [savedOne, setSavedOne] = useState(false);
  const canShare = useCan(sharedViewRole);

  // The current filter, sort and columns, saved under a name.
  const form = useForm({
    language,
    initial: { name: '', shared: false },
    schema: savedViewRequestSchema,
    canSend: ({ name }) => name.trim() !== '',
    payloadOf: ({ name, shared }) => ({
      name,
      shared: canShare && shared,
      view: { filter: filterOf(view), sortColumn: view.sortColumn, sortDirection: view.sortDirection, columns: view.columns },
    }),
    send: async (body) => {
      setSavedOne(false);
      const saved = await callApi(orderAdminCalls.saveView, { body });
      form.set('name', '');
      setChosen(saved.id);
      setSavedOne(true);
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

  // Deleting is a button, not a form: its failure is said the way a form says it.
  const removeProblem = remove.error ? (serverFailureOf(remove.error) ?? refusalOf(remove.error)) : undefined;

  const list = views.data ?? [];
  const current = list.find((saved) => saved.id === chosen);

  function open(saved: SavedView): void {
    const { filter } = saved.view;
    onOpen({
      statuses: filter.statuses ?? [],
      company: filter.company ?? '',
      number: filter.number ?? '',
      search: filter.search ?? '',
      dateRange: filter.dateRange,
      fromDate: filter.fromDate ?? '',
      toDate: filter.toDate ?? '',
      sortColumn: saved.view.sortColumn,
      sortDirection: saved.view.sortDirection,
      columns: saved.view.columns,
    });
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
      <FormProblems texts={removeProblem ? [problemText(removeProblem, language)] : []} />
      <form className="admin-views__save" onSubmit={form.onSubmit} noValidate>
        <FormProblems texts={form.elsewhere} />
        <TextField {...form.field('name')} label={t('admin.views.name')} autoComplete="off" maxLength={100} />
        {canShare && <CheckboxField {...form.checkbox('shared')} className="form__choice" label={t('admin.views.shared')} />}
        <button type="submit" className="admin-button admin-button--secondary" disabled={!form.ready || form.sending}>
          {t('admin.views.save')}
        </button>
        {savedOne && (
          <p role="status" className="form__hint">
            {t('admin.views.saved')}
          </p>
        )}
      </form>
    </section>
  );
}
