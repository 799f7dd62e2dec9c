import type { RefObject } from 'react';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import { translate } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import { experienceLevels, newsletterSubscriptionSchema, type NewsletterSubscription } from '#shared/schemas/forms.ts';
import { callApi } from '#client/lib/api.ts';
import { CheckboxField } from './fields.tsx';
import { FormDialog, FormDialogConfirmation, useConfirmationRounds } from './form-dialog.tsx';
import { useFormData } from './form-data.ts';
import { FormLayout, usePublicForm } from './form-layout.tsx';
import { ChoiceField, emptyPerson, PersonFields, PhoneFields, RoleField, usePhoneCountries, withPhone } from './public-fields.tsx';

const emptyNewsletterValues = {
  ...emptyPerson,
  phoneCountryCode: '',
  phoneNumber: '',
  role: '',
  experienceLevel: '',
  topicIds: [] as string[],
};

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
  const offeredTopics = topics.status === 'loaded' ? topics.data : [];
  const phone = usePhoneCountries(language);
  const form = usePublicForm({
    language,
    initial: { ...emptyNewsletterValues },
    schema: newsletterSubscriptionSchema,
    payloadOf: ({ topicIds, ...values }) => ({
      ...withPhone(values, phone),
      newsletterEnabled: true,
      // Only a choice the visitor could see: [] would clear the topics chosen before.
      ...(offeredTopics.length > 0 ? { topicIds } : {}),
    }),
    send: async (payload: NewsletterSubscription) => {
      const answer = await callApi(newsletterCalls.subscribeToNewsletter, { body: payload });
      const text = answer.messages[0]?.translations[language];
      if (text) onConfirmed(text);
    },
  });
  const { field } = form;

  return (
    <FormLayout language={language} form={form} siteKeyCall={siteKeyCalls.forms} submitLabel="forms.newsletter.submit">
      <PersonFields field={field} language={language} />
      <PhoneFields code={field('phoneCountryCode')} number={field('phoneNumber')} phone={phone} language={language} />
      <RoleField {...field('role')} language={language} />
      <ChoiceField {...field('experienceLevel')} name="experienceLevel" options={experienceLevels} language={language} />
      {offeredTopics.length > 0 && (
        <fieldset className="form__fieldset">
          <legend className="form__legend">{translate(language, 'forms.topics.legend')}</legend>
          <ul className="form__choices">
            {offeredTopics.map((topic) => (
              <li key={topic.id}>
                <CheckboxField
                  id={form.idOf(`topic-${topic.id}`)}
                  className="form__choice"
                  name="topicIds"
                  value={topic.id}
                  label={topic.title}
                  checked={form.values.topicIds.includes(topic.id)}
                  onChange={(checked) => form.set('topicIds', checked ? [...form.values.topicIds, topic.id] : form.values.topicIds.filter((chosen) => chosen !== topic.id))}
                  error={form.errorOf('topicIds')}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </FormLayout>
  );
}
