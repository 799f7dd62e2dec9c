import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { webinarCalls } from '#shared/contract/webinars.ts';
import { appPaths } from '#shared/paths.ts';
import { webinarSubscriptionSchema, type PublicWebinar, type WebinarSubscription } from '#shared/schemas/webinars.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { CheckboxField } from '#client/ui/form/fields.tsx';
import { FormLayout, usePublicForm } from '#client/ui/form/form-layout.tsx';
import { problemText, type Problem } from '#client/ui/form/problems.ts';
import { emptyPerson, PersonFields, RoleField } from '#client/ui/form/public-fields.tsx';
import { WebinarFacts } from '#client/features/webinars/webinar-facts.tsx';
import { paragraphsOf, signUpState } from '#client/features/webinars/webinar-text.ts';
import './webinars.css';

/**
 * `/app/webinar/{id}/{language}`: one webinar (its title, date, duration, language and
 * description, as text) and its sign-up form in the shared layout (the "other forms"
 * captcha family). `{language}` is the webinar's own language; the page's texts follow
 * the app's language, and an address with another language is corrected. Once the
 * webinar has started, the form gives way to a notice. An unknown or deleted webinar
 * says so and links to the list.
 */
export default function WebinarPage() {
  const { id = '', language: addressLanguage } = useParams();
  const t = useT();
  const webinar = useQuery(apiQuery(webinarCalls.webinar, { params: { id } }));

  // 404: unknown or deleted; 400: not even a webinar id.
  if (webinar.error instanceof ApiError && (webinar.error.isGone || webinar.error.status === 400)) return <WebinarNotFound />;
  if (webinar.error) {
    return (
      <section className="app-message">
        <h1>{t('webinars.title')}</h1>
        <p role="alert">{t('webinars.loadOneFailed')}</p>
        <button type="button" onClick={() => void webinar.refetch()}>
          {t('webinars.retry')}
        </button>
      </section>
    );
  }
  if (!webinar.data) return <p role="status">{t('webinars.loadingOne')}</p>;
  const data = webinar.data;
  if (addressLanguage !== data.language) return <Navigate to={appPaths.webinar(data.id, data.language)} replace />;
  return <WebinarDetail webinar={data} />;
}

function WebinarNotFound() {
  const t = useT();
  return (
    <section className="app-message">
      <h1>{t('webinars.notFound.title')}</h1>
      <p>{t('error.webinar.notFound')}</p>
      <p>
        <Link to={appPaths.webinars()}>{t('webinars.notFound.list')}</Link>
      </p>
    </section>
  );
}

function WebinarDetail({ webinar }: { webinar: PublicWebinar }) {
  const t = useT();
  const { language } = useLanguage();
  const state = signUpState(webinar);

  return (
    <article className="webinar">
      <p className="webinar__back">
        <Link to={appPaths.webinars()}>{t('webinars.back')}</Link>
      </p>
      <h1>{webinar.title}</h1>
      <WebinarFacts webinar={webinar} />
      {webinar.language !== language && <p className="webinar__note">{t('webinars.heldIn', { language: t(`webinars.language.${webinar.language}`) })}</p>}
      {state !== 'open' && <p className="webinar__closed">{t(state === 'past' ? 'webinars.past' : 'webinars.started')}</p>}

      <section className="webinar__section webinar__description" aria-labelledby="webinar-about">
        <h2 id="webinar-about">{t('webinars.about')}</h2>
        {/* Staff typed plain text: React escapes it, and line breaks are kept by CSS. */}
        {paragraphsOf(webinar.description).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </section>

      {state === 'open' ? (
        <SignUp webinar={webinar} />
      ) : (
        <p>
          <Link to={appPaths.webinars()}>{t('webinars.notFound.list')}</Link>
        </p>
      )}
    </article>
  );
}

/**
 * The sign-up: first and last name, e-mail, company, role, the newsletter opt-in, the
 * consent and the captcha. Success shows the server's confirmation in the current
 * language and what happens next; a 404 (deleted meanwhile) or 409 (started meanwhile)
 * shows the server's reason instead of the form.
 */
function SignUp({ webinar }: { webinar: PublicWebinar }) {
  const t = useT();
  const { language } = useLanguage();
  // The server's text in every language, or a catalogue key: either follows a switch of the language.
  const [confirmation, setConfirmation] = useState<Problem>();
  const [refusal, setRefusal] = useState<Problem>();
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The form that had the focus is gone: the confirmation takes it, and is read out.
    if (confirmation) doneRef.current?.focus();
  }, [confirmation]);

  const form = usePublicForm({
    language,
    initial: { ...emptyPerson, role: '', newsletterEnabled: false },
    schema: webinarSubscriptionSchema,
    send: async (payload: WebinarSubscription) => {
      try {
        const answer = await callApi(webinarCalls.subscribeToWebinar, { params: { id: webinar.id }, body: payload });
        const translations = answer.messages[0]?.translations;
        setConfirmation(translations ? { messagesByLanguage: translations } : { key: 'webinars.signedUp.text' });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
          const messages = error.body.error?.messagesByLanguage;
          setRefusal(messages ? { messagesByLanguage: messages } : { key: error.status === 404 ? 'error.webinar.notFound' : 'error.webinar.started' });
          return;
        }
        // Field errors (400) are shown by the form; anything else is logged there.
        throw error;
      }
    },
  });
  const { field } = form;

  if (confirmation) {
    return (
      <div ref={doneRef} className="webinar__section webinar__done" role="status" tabIndex={-1} aria-labelledby="webinar-done">
        <h2 id="webinar-done">{t('webinars.signedUp.title')}</h2>
        <p>{problemText(confirmation, language)}</p>
        <h3>{t('webinars.next.title')}</h3>
        <ul>
          <li>{t('webinars.next.mail')}</li>
          <li>{t('webinars.next.calendar')}</li>
        </ul>
        <p>
          <Link to={appPaths.webinars()}>{t('webinars.next.more')}</Link>
        </p>
      </div>
    );
  }

  return (
    <section className="webinar__section" aria-labelledby="webinar-sign-up">
      <h2 id="webinar-sign-up">{t('webinars.signUp.title')}</h2>
      {refusal ? (
        <>
          <p className="webinar__refused" role="alert">
            {problemText(refusal, language)}
          </p>
          <p>
            <Link to={appPaths.webinars()}>{t('webinars.notFound.list')}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('webinars.signUp.intro')}</p>
          <FormLayout language={language} form={form} siteKeyCall={siteKeyCalls.forms} submitLabel="webinars.signUp.submit">
            <PersonFields field={field} language={language} />
            <RoleField {...field('role')} language={language} />
            <CheckboxField {...form.checkbox('newsletterEnabled')} className="form__field form__choice" label={t('webinars.signUp.newsletter')} />
          </FormLayout>
        </>
      )}
    </section>
  );
}
