import { useState } from 'react';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { translate } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import { downloadRequestSchema, type DownloadRequest } from '#shared/schemas/downloadables.ts';
import { ApiError } from '#client/lib/api.ts';
import { CheckboxField } from '#client/ui/form/fields.tsx';
import { FormLayout, usePublicForm } from '#client/ui/form/form-layout.tsx';
import { emptyPerson, PersonFields, RoleField } from '#client/ui/form/public-fields.tsx';
import { requestDownload } from './request-download.ts';

export interface DownloadRequestFormProps {
  /** The item's code (`guide`). */
  code: string;
  /** The language of the form, the mail and the document. */
  language: Language;
  /** Called with the server's confirmation in `language` once the link is on its way. */
  onSent: (confirmation: string) => void;
}

/**
 * The request form of a downloadable item (the app's page and the marketing pages'
 * dialog): first and last name, e-mail, company, role, the newsletter opt-in, the consent
 * and the captcha of the "other forms" family, in the shared layout. It posts to
 * `POST /api/downloadables/by-code/{code}/subscriptions/`; an item that is gone (404)
 * shows the server's reason instead of the form.
 */
export function DownloadRequestForm({ code, language, onSent }: DownloadRequestFormProps) {
  const [gone, setGone] = useState(false);
  const form = usePublicForm({
    language,
    initial: { ...emptyPerson, role: '', newsletterEnabled: false },
    schema: downloadRequestSchema,
    send: async (payload: DownloadRequest) => {
      try {
        const answer = await requestDownload(code, payload);
        onSent(answer.messages[0]?.translations[language] ?? translate(language, 'downloadables.sent.text'));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          setGone(true);
          return;
        }
        // Field errors (400) are shown by the form; anything else is logged there.
        throw error;
      }
    },
  });
  const { field } = form;

  if (gone) {
    return (
      <p className="download-form__refused" role="alert">
        {translate(language, 'error.downloadable.notFound')}
      </p>
    );
  }

  return (
    <FormLayout language={language} form={form} siteKeyCall={siteKeyCalls.forms} submitLabel="downloadables.form.submit">
      <PersonFields field={field} language={language} />
      <RoleField {...field('role')} language={language} />
      <CheckboxField {...form.checkbox('newsletterEnabled')} className="form__field form__choice" label={translate(language, 'downloadables.form.newsletter')} />
    </FormLayout>
  );
}
