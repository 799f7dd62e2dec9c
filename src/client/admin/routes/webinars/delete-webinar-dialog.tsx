import { webinarAdminCalls } from '#shared/contract/webinars-admin.ts';
import { translatePlural } from '#client/lib/translate.ts';
import type { AdminWebinar } from '#shared/schemas/webinars.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CheckboxField, FormProblems } from '#client/ui/form/fields.tsx';
import { FormDialog } from '#client/ui/form/form-dialog.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';

/**
 * Deleting a webinar, confirmed in a dialog. When it has subscribers, staff must tick that
 * the subscribers will be told (they receive a cancellation), and the call says so
 * (`?subscribersInformed=true`). A refusal is shown in the dialog; a 409 because someone
 * signed up meanwhile reloads the webinar, so the box to tick appears.
 */
export function DeleteWebinarDialog({
  webinar,
  onClose,
  onDeleted,
  onConflict,
}: {
  webinar: Pick<AdminWebinar, 'id' | 'title' | 'subscriberCount'>;
  onClose: () => void;
  onDeleted: () => void;
  onConflict: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const hasSubscribers = webinar.subscriberCount > 0;
  const form = useForm({
    language,
    initial: { informed: false },
    canSend: ({ informed }) => informed || !hasSubscribers,
    send: async () => {
      await callApi(webinarAdminCalls.deleteWebinar, { params: { id: webinar.id }, query: hasSubscribers ? { subscribersInformed: 'true' } : {} });
      onDeleted();
    },
    refusalOf: (error) => refusalOf(error, { key: 'adminWebinars.delete.failed' }),
    onFailed: (error) => {
      if (error instanceof ApiError && error.status === 409) onConflict();
    },
  });

  return (
    <FormDialog language={language} title="adminWebinars.delete.title" open onClose={onClose}>
      <form className="form form-dialog__body" noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
        <p>{t('adminWebinars.delete.confirm', { title: webinar.title })}</p>
        <FormProblems texts={form.elsewhere} />
        {hasSubscribers && (
          <>
            <p>{translatePlural(language, 'adminWebinars.delete.subscribers', webinar.subscriberCount)}</p>
            <CheckboxField {...form.checkbox('informed')} className="form__field form__choice" label={t('adminWebinars.delete.informed')} required />
          </>
        )}
        <div className="form__actions">
          <button type="submit" className="admin-button admin-button--danger" disabled={form.sending || !form.ready}>
            {t(form.sending ? 'adminWebinars.delete.deleting' : 'adminWebinars.delete.submit')}
          </button>
          {/* Without a box to tick, the focus starts on the safe choice. */}
          <button type="button" className="admin-button admin-button--secondary" onClick={onClose} data-autofocus={hasSubscribers ? undefined : true}>
            {t('adminWebinars.delete.cancel')}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
