import { useId, useState } from 'react';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { downloadRequestSchema, type DownloadRequest } from '#shared/schemas/downloadables.ts';
import { ApiError } from '#client/lib/api.ts';
import { CheckboxField } from '#client/ui/form/fields.tsx';
import { FormLayout, type FormFieldName } from '#client/ui/form/form-layout.tsx';
import { requestDownload } from './request-download.ts';

const fields: readonly FormFieldName[] = ['firstName', 'lastName', 'email', 'companyName', 'role'];

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
  const newsletterId = useId();
  const [newsletter, setNewsletter] = useState(false);
  const [gone, setGone] = useState(false);

  async function send(payload: DownloadRequest): Promise<void> {
    try {
      const answer = await requestDownload(code, payload);
      onSent(answer.messages[0]?.translations[language] ?? translate(language, 'downloads.sent.text'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setGone(true);
        return;
      }
      // Field errors (400) are shown by the form; anything else is logged there.
      throw error;
    }
  }

  if (gone) {
    return (
      <p className="download-form__refused" role="alert">
        {translate(language, 'error.downloadable.notFound')}
      </p>
    );
  }

  return (
    <FormLayout
      language={language}
      fields={fields}
      schema={downloadRequestSchema}
      siteKeyCall={siteKeyCalls.forms}
      extraPayload={{ newsletterEnabled: newsletter }}
      submitLabel="downloads.form.submit"
      onSubmit={send}
    >
      <CheckboxField
        id={newsletterId}
        className="form__field form__choice"
        name="newsletterEnabled"
        label={translate(language, 'downloads.form.newsletter')}
        checked={newsletter}
        onChange={setNewsletter}
      />
    </FormLayout>
  );
}
