import { useEffect, useRef, useState } from 'react';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { contactFormCalls } from '#shared/contract/contact-form.ts';
import { sitePath } from '#shared/paths.ts';
import { contactFormSchema, contactRecipients, formLimits, type ContactForm } from '#shared/schemas/forms.ts';
import { callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { TextAreaField, TextField } from '#client/ui/form/fields.tsx';
import { FormLayout, usePublicForm } from '#client/ui/form/form-layout.tsx';
import { ChoiceField, EmailField, FirstNameField, LastNameField, PhoneFields, usePhoneCountries, withPhone } from '#client/ui/form/public-fields.tsx';

/**
 * `/app/contact-us`: the contact form in the shared layout (the contact family's captcha):
 * name, e-mail, phone, company, recipient, subject and a message of at least 20 characters.
 * Once sent, the page says what happens next; the message went to the chosen team and
 * the sender gets a confirmation by e-mail.
 */
export default function ContactUsPage() {
  const t = useT();
  const { language } = useLanguage();
  const [confirmation, setConfirmation] = useState<string>();
  const confirmationRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (confirmation) confirmationRef.current?.focus();
  }, [confirmation]);

  const phone = usePhoneCountries(language);
  const form = usePublicForm({
    language,
    initial: { firstName: '', lastName: '', email: '', phoneCountryCode: '', phoneNumber: '', company: '', recipient: '', subject: '', message: '' },
    schema: contactFormSchema,
    payloadOf: (values) => withPhone(values, phone),
    send: async (payload: ContactForm) => {
      const answer = await callApi(contactFormCalls.sendContactMessage, { body: payload });
      setConfirmation(answer.messages[0]?.translations[language] ?? t('contact.sent.text'));
    },
  });
  const { field } = form;

  return (
    <div className="contact-page">
      <h1>{t('contact.title')}</h1>
      {confirmation ? (
        <div ref={confirmationRef} className="contact-page__sent" role="status" tabIndex={-1}>
          <p>{confirmation}</p>
          <p>
            <a href={sitePath(language, 'home')}>{t('contact.sent.home')}</a>
          </p>
        </div>
      ) : (
        <>
          <p>{t('contact.intro')}</p>
          <FormLayout language={language} form={form} siteKeyCall={siteKeyCalls.contact}>
            <FirstNameField {...field('firstName')} language={language} />
            <LastNameField {...field('lastName')} language={language} />
            <EmailField {...field('email')} language={language} />
            <PhoneFields code={field('phoneCountryCode')} number={field('phoneNumber')} phone={phone} language={language} />
            <TextField {...field('company')} label={t('forms.company.label')} autoComplete="organization" maxLength={formLimits.company} />
            <ChoiceField {...field('recipient')} name="recipient" options={contactRecipients} required language={language} />
            <TextField {...field('subject')} label={t('forms.subject.label')} autoComplete="off" maxLength={formLimits.subject} required />
            <TextAreaField
              {...field('message')}
              label={t('forms.message.label')}
              rows={5}
              maxLength={formLimits.messageMax}
              required
              hint={t('forms.message.hint', { min: formLimits.messageMin })}
            />
          </FormLayout>
        </>
      )}
    </div>
  );
}
