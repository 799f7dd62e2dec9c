import { useEffect, useRef, useState, type RefObject } from 'react';
import { siteKeyPaths } from '#shared/captcha-families.ts';
import { endpoints } from '#shared/endpoints.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { newsletterSubscriptionSchema, type NewsletterSubscription } from '#shared/schemas/forms.ts';
import { callApi } from '#client/lib/api.ts';
import { FormDialog, useCloseFormDialog } from './form-dialog.tsx';
import { useFormData } from './form-data.ts';
import { FormLayout, type FormFieldName } from './form-layout.tsx';

const newsletterFields: readonly FormFieldName[] = [
  'firstName',
  'lastName',
  'email',
  'companyName',
  'phone',
  'role',
  'experienceLevel',
  'topicIds',
];

export interface NewsletterDialogProps {
  language: Language;
  open: boolean;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The newsletter form in a modal dialog. It posts to `POST /api/newsletter/` and, once
 * accepted, shows `messages[0].translations[language]` in place of the form. Loaded only
 * when a visitor asks for it: it brings Zod, the form layout, the captcha widget and the
 * catalogues, which a page does not need before.
 */
export function NewsletterDialog({ language, open, onClose, returnFocusTo }: NewsletterDialogProps) {
  const [confirmation, setConfirmation] = useState<string | undefined>(undefined);
  // A new round after a confirmed subscription: the next opening shows an empty form.
  const [round, setRound] = useState(0);

  function close(): void {
    if (confirmation !== undefined) {
      setConfirmation(undefined);
      setRound((current) => current + 1);
    }
    onClose();
  }

  return (
    <FormDialog
      language={language}
      title="forms.newsletter.title"
      intro="forms.newsletter.intro"
      open={open}
      onClose={close}
      {...(returnFocusTo ? { returnFocusTo } : {})}
    >
      {confirmation === undefined ? (
        <NewsletterForm key={round} language={language} onConfirmed={setConfirmation} />
      ) : (
        <Confirmation language={language} text={confirmation} />
      )}
    </FormDialog>
  );
}

function NewsletterForm({ language, onConfirmed }: { language: Language; onConfirmed: (text: string) => void }) {
  const topics = useFormData(endpoints.newsletterTopics, { query: { language } });

  async function subscribe(payload: NewsletterSubscription): Promise<void> {
    const answer = await callApi(endpoints.subscribeToNewsletter, { body: payload });
    const text = answer.messages[0]?.translations[language];
    if (text) onConfirmed(text);
  }

  return (
    <FormLayout
      language={language}
      fields={newsletterFields}
      schema={newsletterSubscriptionSchema}
      siteKeyPath={siteKeyPaths.forms}
      topics={topics.status === 'loaded' ? topics.data : undefined}
      extraPayload={{ newsletterEnabled: true }}
      submitLabel="forms.newsletter.submit"
      onSubmit={subscribe}
    />
  );
}

function Confirmation({ language, text }: { language: Language; text: string }) {
  const close = useCloseFormDialog();
  const ref = useRef<HTMLParagraphElement>(null);
  // The form that had the focus is gone: the confirmation takes it, and is read out.
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <>
      <p ref={ref} className="form-dialog__confirmation" role="status" tabIndex={-1}>
        {text}
      </p>
      <div className="form-dialog__actions">
        <button type="button" className="form__submit" onClick={close}>
          {translate(language, 'forms.dialog.close')}
        </button>
      </div>
    </>
  );
}
