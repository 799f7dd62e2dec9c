import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import type { MessageKey } from '#shared/i18n/catalogue.ts';
import { isLanguage, languages, type Language } from '#shared/locales.ts';
import { newsletterUnsubscribeSection, sitePath } from '#shared/paths.ts';
import { experienceLevels, roles } from '#shared/schemas/forms.ts';
import { newsletterPreferencesUpdateSchema, type NewsletterPreferences, type NewsletterPreferencesUpdate, type NewsletterStatus } from '#shared/schemas/newsletter.ts';
import { ApiError, callApi, isServerFailure } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { CheckboxField, FormProblems, SelectField } from '#client/ui/form/fields.tsx';
import { problemText } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { DeletionRequest, PersonalData } from './personal-data.tsx';
import { saidOf, type Said } from './said.ts';
import './preferences.css';

/**
 * `/app/newsletter/{token}/`: the newsletter's preference centre, opened from the link
 * of a mail (docs/product/newsletter.md). Fetching the address changes nothing (mail
 * scanners open links); the page, once shown in a browser, confirms a pending
 * subscription with a request of its own (`?only=PENDING`: never a confirmed or
 * unsubscribed one) and says so above the choices. The subscriber changes their choices,
 * unsubscribes or subscribes again, sees what is stored about them and asks for its
 * deletion. An unknown or expired link explains how to get a new one.
 */
export default function NewsletterPreferencesPage() {
  const { token = '' } = useParams();
  const t = useT();
  const preferences = useQuery(apiQuery(newsletterCalls.newsletterPreferences, { params: { token } }));
  // A call answered 404 after the page was loaded: the link has died meanwhile.
  const [gone, setGone] = useState(false);

  if (gone || (preferences.error instanceof ApiError && preferences.error.status === 404)) return <PreferencesNotFound />;
  if (preferences.error) {
    return (
      <section className="app-message">
        <h1>{t('preferences.title')}</h1>
        <p role="alert">{t('preferences.loadFailed')}</p>
        <button type="button" onClick={() => void preferences.refetch()}>
          {t('preferences.retry')}
        </button>
      </section>
    );
  }
  if (!preferences.data) {
    return (
      <section className="preferences">
        <h1>{t('preferences.title')}</h1>
        <p role="status">{t('preferences.loading')}</p>
      </section>
    );
  }
  return <Preferences token={token} preferences={preferences.data} onGone={() => setGone(true)} />;
}

function PreferencesNotFound() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <section className="app-message preferences__not-found">
      <h1>{t('preferences.notFound.title')}</h1>
      <p>{t('preferences.notFound.text')}</p>
      <p>{t('preferences.notFound.subscribe')}</p>
      <p>
        <a href={sitePath(language, 'home')}>{t('preferences.notFound.home')}</a>
      </p>
    </section>
  );
}

/** `confirmLink`: the confirmation the page sends when it opens on a pending subscription. */
type Action = 'save' | 'confirm' | 'confirmLink' | 'unsubscribe';

interface Choices {
  role: string;
  experienceLevel: string;
  topicIds: string[];
  preferredLanguage: Language;
}

const choicesOf = (preferences: NewsletterPreferences): Choices => ({
  role: preferences.role ?? '',
  experienceLevel: preferences.experienceLevel ?? '',
  topicIds: preferences.topicIds,
  preferredLanguage: preferences.preferredLanguage,
});

/** What the page says after an action, by the action and the status before it. */
function resultOf(action: Action, before: NewsletterStatus, after: NewsletterStatus): MessageKey | undefined {
  if (action === 'confirmLink') return after === 'CONFIRMED' ? 'preferences.result.linkConfirmed' : undefined;
  if (action === 'unsubscribe') return 'preferences.result.unsubscribed';
  if (action === 'confirm') return 'preferences.result.confirmed';
  if (after === 'UNSUBSCRIBED') return 'preferences.result.savedUnsubscribed';
  return before === 'PENDING' && after === 'CONFIRMED' ? 'preferences.result.savedAndConfirmed' : 'preferences.result.saved';
}

function Preferences({ token, preferences, onGone }: { token: string; preferences: NewsletterPreferences; onGone: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const id = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const unsubscribeRef = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  // `round` makes the same message after a second action take the focus again.
  const [result, setResult] = useState<{ said: Said; failed: boolean; round: number }>();
  const topics = useQuery(apiQuery(newsletterCalls.newsletterTopics, { query: { language } }));

  useEffect(() => {
    // The control that was used may be gone (the status changed): the result takes the focus and is read out.
    if (result) resultRef.current?.focus();
  }, [result]);

  useEffect(() => {
    // Opened from the List-Unsubscribe address (its GET leads here with the fragment): the
    // section with the button is what the visitor came for. The browser's own jump to the
    // fragment happened before the page had loaded it, so the heading takes the focus,
    // which also scrolls it into view.
    if (hash === `#${newsletterUnsubscribeSection}`) unsubscribeRef.current?.focus();
  }, [hash]);

  const show = (said: Said, failed: boolean) => setResult((current) => ({ said, failed, round: (current?.round ?? 0) + 1 }));

  const action = useMutation({
    mutationFn: ({ kind, choices }: { kind: Action; before: NewsletterStatus; choices?: NewsletterPreferencesUpdate }) => {
      if (kind === 'confirm') return callApi(newsletterCalls.confirmNewsletter, { params: { token }, query: {} });
      if (kind === 'confirmLink') return callApi(newsletterCalls.confirmNewsletter, { params: { token }, query: { only: 'PENDING' } });
      if (kind === 'unsubscribe') return callApi(newsletterCalls.unsubscribeFromNewsletter, { params: { token }, body: undefined });
      return callApi(newsletterCalls.saveNewsletterPreferences, { params: { token }, body: choices ?? choicesOf(preferences) });
    },
    onSuccess: (fresh, { kind, before }) => {
      queryClient.setQueryData(apiQuery(newsletterCalls.newsletterPreferences, { params: { token } }).queryKey, fresh);
      // The stored record has changed (choices, consents): "What we store" loads it again.
      void queryClient.invalidateQueries({ queryKey: apiQuery(newsletterCalls.personalData, { params: { token } }).queryKey });
      const said = resultOf(kind, before, fresh.status);
      if (said) show({ key: said }, false);
    },
    onError: (error, { kind }) => {
      if (error instanceof ApiError && error.status === 404) {
        onGone();
        return;
      }
      // The form shows the field errors of a save.
      if (kind === 'save' && error instanceof ApiError && error.fieldErrors.length > 0) return;
      console.error(`[preferences] ${kind} failed`, error);
      // The form says a failure of the server itself, above its fields.
      if (kind === 'save' && isServerFailure(error)) return;
      show(saidOf(error, 'preferences.failed'), true);
    },
  });

  const run = (kind: Action) => action.mutate({ kind, before: preferences.status });

  // Opened in a browser on a pending subscription (the confirmation mail's link): confirm it, once.
  const confirmedOnOpen = useRef(false);
  useEffect(() => {
    // Opened from a List-Unsubscribe address (the fragment), the visitor came to leave: nothing is confirmed.
    if (confirmedOnOpen.current || preferences.status !== 'PENDING' || hash === `#${newsletterUnsubscribeSection}`) return;
    confirmedOnOpen.current = true;
    action.mutate({ kind: 'confirmLink', before: 'PENDING' });
    // Only the status the page opened with counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const busy = action.isPending ? action.variables.kind : undefined;
  const form = useForm({
    language,
    initial: choicesOf(preferences),
    canSend: () => busy === undefined,
    schema: newsletterPreferencesUpdateSchema,
    send: (choices) => action.mutateAsync({ kind: 'save', before: preferences.status, choices }),
  });
  const { field, values: choices } = form;
  const topicsError = form.errorOf('topicIds');

  const status = preferences.status;
  const saveLabel = busy === 'save' ? 'preferences.saving' : status === 'PENDING' ? 'preferences.confirmAndSave' : 'preferences.save';

  return (
    <div className="preferences">
      <h1>{t('preferences.title')}</h1>
      <p className="preferences__greeting">
        {preferences.firstName ? t('preferences.greeting', { firstName: preferences.firstName }) : t('preferences.greetingNoName')}
      </p>
      <p>{t('preferences.forEmail', { email: preferences.email })}</p>

      {result && (
        <div
          ref={resultRef}
          key={result.round}
          className={result.failed ? 'preferences__result preferences__result--failed' : 'preferences__result'}
          role={result.failed ? 'alert' : 'status'}
          tabIndex={-1}
        >
          <p>{problemText(result.said, language)}</p>
        </div>
      )}

      <section className="preferences__section" aria-labelledby={`${id}-subscription`}>
        <h2 id={`${id}-subscription`}>{t('preferences.subscription.title')}</h2>
        <p className="preferences__status">{t('preferences.subscription.status', { status: t(`newsletter.status.${status}`) })}</p>
        <p>
          {status === 'CONFIRMED'
            ? t('preferences.subscription.CONFIRMED', { language: t(`preferences.language.${preferences.preferredLanguage}`) })
            : t(`preferences.subscription.${status}`)}
        </p>
        {status === 'UNSUBSCRIBED' && (
          <button type="button" className="button-primary" disabled={busy !== undefined} onClick={() => run('confirm')}>
            {t(busy === 'confirm' ? 'preferences.subscribing' : 'preferences.subscribeAgain')}
          </button>
        )}
      </section>

      <section className="preferences__section" aria-labelledby={`${id}-choices`}>
        <h2 id={`${id}-choices`}>{t('preferences.choices.title')}</h2>
        <p>{t('preferences.choices.intro')}</p>
        <form className="form" noValidate onSubmit={form.onSubmit} aria-busy={busy === 'save'}>
          <FormProblems texts={form.elsewhere} />
          <SelectField
            {...field('role')}
            label={t('forms.role.label')}
            options={roles.map((role) => ({ value: role, label: t(`forms.role.${role}`) }))}
            language={language}
          />
          <SelectField
            {...field('experienceLevel')}
            label={t('forms.experienceLevel.label')}
            options={experienceLevels.map((level) => ({ value: level, label: t(`forms.experienceLevel.${level}`) }))}
            language={language}
          />
          <fieldset className="form__fieldset" aria-describedby={topicsError ? `${id}-topics-error` : undefined}>
            <legend className="form__legend">{t('forms.topics.legend')}</legend>
            {topics.data ? (
              <ul className="form__choices">
                {topics.data.map((topic) => (
                  <li key={topic.id}>
                    <CheckboxField
                      id={`${id}-topic-${topic.id}`}
                      className="form__choice"
                      name="topicIds"
                      value={topic.id}
                      label={topic.title}
                      checked={choices.topicIds.includes(topic.id)}
                      onChange={(checked) =>
                        form.set('topicIds', checked ? [...choices.topicIds, topic.id] : choices.topicIds.filter((chosen) => chosen !== topic.id))
                      }
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className={topics.error ? 'form__hint' : undefined} role={topics.error ? 'alert' : 'status'}>
                {t(topics.error ? 'preferences.topics.loadFailed' : 'preferences.topics.loading')}
              </p>
            )}
            {topicsError && (
              // Not tied to one checkbox: an alert the focus can move to (useFocusOnProblems).
              <p id={`${id}-topics-error`} className="form__error" role="alert" tabIndex={-1}>
                {topicsError}
              </p>
            )}
          </fieldset>
          <SelectField
            {...field('preferredLanguage')}
            onChange={(value) => {
              if (isLanguage(value)) form.set('preferredLanguage', value);
            }}
            label={t('preferences.language.label')}
            options={languages.map((option) => ({ value: option, label: t(`preferences.language.${option}`) }))}
            language={language}
            placeholder="whenEmpty"
          />
          <div className="form__actions">
            <button type="submit" className="form__submit" disabled={busy !== undefined}>
              {t(saveLabel)}
            </button>
          </div>
        </form>
      </section>

      {status !== 'UNSUBSCRIBED' && (
        <section id={newsletterUnsubscribeSection} className="preferences__section" aria-labelledby={`${id}-unsubscribe`}>
          <h2 id={`${id}-unsubscribe`} ref={unsubscribeRef} tabIndex={-1}>
            {t('preferences.unsubscribe.title')}
          </h2>
          <p>{t('preferences.unsubscribe.text')}</p>
          <button type="button" className="preferences__button" disabled={busy !== undefined} onClick={() => run('unsubscribe')}>
            {t(busy === 'unsubscribe' ? 'preferences.unsubscribing' : 'preferences.unsubscribe.button')}
          </button>
        </section>
      )}

      <PersonalData token={token} />
      <DeletionRequest token={token} onGone={onGone} />
    </div>
  );
}
