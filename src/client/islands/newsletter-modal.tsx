import { useEffect, useRef, useState } from 'react';
import { api } from '#client/lib/api.ts';
import { FormDialog, useCloseFormDialog } from '#client/ui/form/form-dialog.tsx';
import { useFormData } from '#client/ui/form/form-data.ts';
import { FormLayout, siteKeyPaths, type FormFieldName } from '#client/ui/form/form-layout.tsx';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import {
  newsletterSubscriptionSchema,
  type FormMessagesResponse,
  type NewsletterSubscription,
  type NewsletterTopic,
} from '#shared/schemas/forms.ts';
import type { IslandProps } from './types.ts';

export type NewsletterModalProps = IslandProps;

const newsletterFields: readonly FormFieldName[] = [
  'firstName',
  'lastName',
  'email',
  'companyName',
  'role',
  'experienceLevel',
  'topicIds',
];

/**
 * `data-island="newsletter-modal"` (SPEC §2, footer): a button that opens the newsletter
 * form in a modal dialog. The form posts to `POST /api/newsletter/` and, once accepted,
 * shows `messages[0].translations[lang]` in place of the form (SPEC §7). A failed send is
 * only logged (SPEC §8).
 */
export default function NewsletterModal({ lang }: NewsletterModalProps) {
  const [confirmation, setConfirmation] = useState<string | undefined>(undefined);
  // A new round after a confirmed subscription: the next opening shows an empty form.
  const [round, setRound] = useState(0);

  return (
    <FormDialog
      language={lang}
      openLabel="forms.newsletter.open"
      title="forms.newsletter.title"
      intro="forms.newsletter.intro"
      onClosed={() => {
        if (confirmation === undefined) return;
        setConfirmation(undefined);
        setRound((current) => current + 1);
      }}
    >
      {confirmation === undefined ? (
        <NewsletterForm key={round} language={lang} onConfirmed={setConfirmation} />
      ) : (
        <Confirmation language={lang} text={confirmation} />
      )}
    </FormDialog>
  );
}

function NewsletterForm({ language, onConfirmed }: { language: Language; onConfirmed: (text: string) => void }) {
  const topics = useFormData<NewsletterTopic[]>(`/newsletter/topics?language=${language}`);

  async function subscribe(payload: NewsletterSubscription): Promise<void> {
    const answer = await api<FormMessagesResponse>('POST', '/newsletter/', payload);
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
        <button type="button" className="form-dialog__button" onClick={close}>
          {translate(language, 'forms.dialog.close')}
        </button>
      </div>
    </>
  );
}
