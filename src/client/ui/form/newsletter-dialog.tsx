import type { RefObject } from 'react';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import type { Language } from '#shared/locales.ts';
import { newsletterSubscriptionSchema, type NewsletterSubscription } from '#shared/schemas/forms.ts';
import { callApi } from '#client/lib/api.ts';
import { FormDialog, FormDialogConfirmation, useConfirmationRounds } from './form-dialog.tsx';
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
  const { confirmation, confirm, round, close } = useConfirmationRounds(onClose);

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
        <NewsletterForm key={round} language={language} onConfirmed={confirm} />
      ) : (
        <FormDialogConfirmation language={language} text={confirmation} />
      )}
    </FormDialog>
  );
}

function NewsletterForm({ language, onConfirmed }: { language: Language; onConfirmed: (text: string) => void }) {
  const topics = useFormData(newsletterCalls.newsletterTopics, { query: { language } });

  async function subscribe(payload: NewsletterSubscription): Promise<void> {
    const answer = await callApi(newsletterCalls.subscribeToNewsletter, { body: payload });
    const text = answer.messages[0]?.translations[language];
    if (text) onConfirmed(text);
  }

  return (
    <FormLayout
      language={language}
      fields={newsletterFields}
      schema={newsletterSubscriptionSchema}
      siteKeyCall={siteKeyCalls.forms}
      topics={topics.status === 'loaded' ? topics.data : undefined}
      extraPayload={{ newsletterEnabled: true }}
      submitLabel="forms.newsletter.submit"
      onSubmit={subscribe}
    />
  );
}
