import { useEffect, useRef, useState } from 'react';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { contactCalls } from '#shared/contract/contact.ts';
import { sitePath } from '#shared/paths.ts';
import { contactFormSchema, type ContactForm } from '#shared/schemas/forms.ts';
import { callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { FormLayout } from '#client/ui/form/form-layout.tsx';

/**
 * `/app/contact-us`: the contact form in the shared layout (the contact family's captcha).
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

  async function send(payload: ContactForm): Promise<void> {
    const answer = await callApi(contactCalls.sendContactMessage, { body: payload });
    setConfirmation(answer.messages[0]?.translations[language] ?? t('contact.sent.text'));
  }

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
          <FormLayout
            language={language}
            fields={['firstName', 'lastName', 'email', 'phone', 'company', 'recipient', 'subject', 'message']}
            schema={contactFormSchema}
            siteKeyCall={siteKeyCalls.contact}
            onSubmit={send}
          />
        </>
      )}
    </div>
  );
}
