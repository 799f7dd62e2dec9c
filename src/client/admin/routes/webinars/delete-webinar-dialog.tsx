import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { webinarAdminCalls } from '#shared/contract/webinars-admin.ts';
import { translatePlural, type MessagesByLanguage } from '#shared/i18n/messages.ts';
import type { AdminWebinar } from '#shared/schemas/webinars.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { CheckboxField } from '#client/ui/form/fields.tsx';
import { FormDialog } from '#client/ui/form/form-dialog.tsx';

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
  const [informed, setInformed] = useState(false);
  const [refusal, setRefusal] = useState<MessagesByLanguage | 'failed'>();

  const remove = useMutation({
    mutationFn: () =>
      callApi(webinarAdminCalls.deleteWebinar, { params: { id: webinar.id }, query: hasSubscribers ? { subscribersInformed: 'true' } : {} }),
    onSuccess: onDeleted,
    onError: (error) => {
      setRefusal(error instanceof ApiError && error.body.error ? error.body.error.messagesByLanguage : 'failed');
      if (error instanceof ApiError && error.status === 409) onConflict();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (remove.isPending || (hasSubscribers && !informed)) return;
    setRefusal(undefined);
    remove.mutate();
  }

  return (
    <FormDialog language={language} title="adminWebinars.delete.title" open onClose={onClose}>
      <form className="form form-dialog__body" noValidate onSubmit={submit} aria-busy={remove.isPending}>
        <p>{t('adminWebinars.delete.confirm', { title: webinar.title })}</p>
        {refusal && (
          <div className="form__alert" role="alert">
            <p>{refusal === 'failed' ? t('adminWebinars.delete.failed') : refusal[language]}</p>
          </div>
        )}
        {hasSubscribers && (
          <>
            <p>{translatePlural(language, 'adminWebinars.delete.subscribers', webinar.subscriberCount)}</p>
            <CheckboxField
              id="admin-webinar-delete-informed"
              className="form__field form__choice"
              label={t('adminWebinars.delete.informed')}
              checked={informed}
              onChange={setInformed}
              required
            />
          </>
        )}
        <div className="form__actions">
          <button type="submit" className="admin-button admin-button--danger" disabled={remove.isPending || (hasSubscribers && !informed)}>
            {t(remove.isPending ? 'adminWebinars.delete.deleting' : 'adminWebinars.delete.submit')}
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
