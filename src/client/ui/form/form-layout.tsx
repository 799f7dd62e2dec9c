import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError } from '#client/lib/api.ts';
import { CaptchaWidget } from '#client/ui/captcha/captcha-widget.tsx';
import { translate, type MessageKey, type MessageParams, type MessagesByLanguage } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import type { Country } from '#shared/schemas/common.ts';
import {
  contactRecipients,
  experienceLevels,
  formLimits,
  genders,
  roles,
  type NewsletterTopic,
} from '#shared/schemas/forms.ts';
import { fieldErrorsOf } from '#shared/schemas/validation.ts';
import { useFormData } from './form-data.ts';
import './form-layout.css';

/**
 * The one layout of the public forms (SPEC §2: newsletter, contact, webinar, sign-in,
 * exit popup, shopping cart). A form names the fields it shows, the shared schema it
 * sends and its site-key call; the layout renders labelled inputs, the consent box with
 * the privacy-policy link and the captcha, checks the payload with the same schema as the
 * server, and shows the server's field errors under the matching fields (SPEC §5).
 */

/** The fields a form can show; `phone` is the country-code select and the number together. */
export type FormFieldName =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'companyName'
  | 'company'
  | 'gender'
  | 'phone'
  | 'role'
  | 'experienceLevel'
  | 'topicIds'
  | 'recipient'
  | 'subject'
  | 'message';

/** The site-key calls of SPEC §7, as paths under /api. */
export const siteKeyPaths = {
  forms: '/captcha/site-key',
  contact: '/contact-form/site-key',
  signIn: '/users/captcha/site-key',
  checkout: '/orders/captcha/site-key',
} as const;

export interface FormLayoutProps<Payload> {
  language: Language;
  /** The fields to show, in this order. */
  fields: readonly FormFieldName[];
  /** The shared schema of the payload; the same one the server checks. */
  schema: z.ZodType<Payload>;
  /** The form family's site-key call, a path under /api (see `siteKeyPaths`). */
  siteKeyPath: string;
  /** The topics to offer when `fields` has `topicIds`. */
  topics?: readonly NewsletterTopic[] | undefined;
  /** Added to the payload as is (for example `{ newsletterEnabled: true }`). */
  extraPayload?: Record<string, unknown>;
  /** The text of the submit button; 'Send' by default. */
  submitLabel?: MessageKey;
  /**
   * Sends the checked payload. Throwing the ApiError of a 400 shows its field errors;
   * any other failure is only logged (SPEC §8).
   */
  onSubmit: (payload: Payload) => Promise<void>;
  /** The puzzle endpoint of the captcha provider; the widget's default otherwise. */
  puzzleUrl?: string;
  /** Content between the fields and the consent box. */
  children?: ReactNode;
}

/** Every input of the layout, by the payload field it fills. */
type ControlName =
  | Exclude<FormFieldName, 'phone'>
  | 'phoneCountryCode'
  | 'phoneNumber'
  | 'agreeWithDataPrivacy'
  | 'captchaSolution';

type TextControl = Exclude<ControlName, 'topicIds' | 'agreeWithDataPrivacy' | 'captchaSolution'>;
type Values = Record<TextControl, string> & { topicIds: string[] };

const emptyValues: Values = {
  firstName: '',
  lastName: '',
  email: '',
  companyName: '',
  company: '',
  gender: '',
  phoneCountryCode: '',
  phoneNumber: '',
  role: '',
  experienceLevel: '',
  topicIds: [],
  recipient: '',
  subject: '',
  message: '',
};

/** A field's error: a catalogue key (our own check) or the server's texts. */
type Problem = { key: MessageKey; params?: MessageParams } | { messagesByLanguage: MessagesByLanguage };
type Problems = Partial<Record<ControlName, Problem>> & { general?: Problem[] };

const requiredFields = new Set<FormFieldName>(['firstName', 'email', 'recipient', 'subject', 'message']);

/** The server's dotted field (`topicIds.2`) → the control that shows it, if this form has it. */
function controlOf(field: string, shown: ReadonlySet<ControlName>): ControlName | undefined {
  const head = field.split('.')[0] as ControlName;
  return shown.has(head) ? head : undefined;
}

function shownControls(fields: readonly FormFieldName[]): Set<ControlName> {
  const shown = new Set<ControlName>(['agreeWithDataPrivacy', 'captchaSolution']);
  for (const field of fields) {
    if (field === 'phone') {
      shown.add('phoneCountryCode');
      shown.add('phoneNumber');
    } else {
      shown.add(field);
    }
  }
  return shown;
}

function addProblem(problems: Problems, shown: ReadonlySet<ControlName>, field: string, problem: Problem): void {
  const control = controlOf(field, shown);
  if (control) {
    problems[control] ??= problem;
  } else {
    (problems.general ??= []).push(problem);
  }
}

export function FormLayout<Payload>({
  language,
  fields,
  schema,
  siteKeyPath,
  topics,
  extraPayload,
  submitLabel = 'forms.submit.send',
  onSubmit,
  puzzleUrl,
  children,
}: FormLayoutProps<Payload>) {
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const text = (problem: Problem) => ('key' in problem ? t(problem.key, problem.params) : problem.messagesByLanguage[language]);

  const id = useId();
  const idOf = (control: string) => `${id}-${control}`;
  const errorIdOf = (control: string) => `${id}-${control}-error`;
  const formRef = useRef<HTMLFormElement>(null);

  const shows = (field: FormFieldName) => fields.includes(field);
  const shown = shownControls(fields);

  const [values, setValues] = useState<Values>(emptyValues);
  const [consent, setConsent] = useState(false);
  const [solution, setSolution] = useState<string | undefined>(undefined);
  const [resetSignal, setResetSignal] = useState(0);
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);
  // Bumped when new errors are shown: the first invalid field then takes the focus.
  const [focusRequest, setFocusRequest] = useState(0);

  const siteKey = useFormData<{ siteKey: string }>(siteKeyPath);
  const countries = useFormData<Country[]>(shows('phone') ? `/country/?language=${language}` : undefined);
  const visitorCountry = useFormData<Country>(shows('phone') ? '/geolocation/whereami/country' : undefined);

  // SPEC §5: the phone country defaults to the visitor's country, unless one was chosen.
  const visitorCountryCode = visitorCountry.status === 'loaded' ? visitorCountry.data.code : undefined;
  const phoneCountryCode = values.phoneCountryCode || visitorCountryCode || '';

  useEffect(() => {
    if (focusRequest === 0) return;
    const form = formRef.current;
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], .form__captcha--invalid input[type="checkbox"]');
    first?.focus();
  }, [focusRequest]);

  function change(control: TextControl, value: string): void {
    setValues((current) => ({ ...current, [control]: value }));
    clearProblem(control);
  }

  function clearProblem(control: ControlName): void {
    setProblems((current) => {
      if (!current[control]) return current;
      const next = { ...current };
      delete next[control];
      return next;
    });
  }

  function toggleTopic(topicId: string, checked: boolean): void {
    setValues((current) => ({
      ...current,
      topicIds: checked ? [...current.topicIds, topicId] : current.topicIds.filter((idOfTopic) => idOfTopic !== topicId),
    }));
    clearProblem('topicIds');
  }

  function resetCaptcha(): void {
    setSolution(undefined);
    setResetSignal((signal) => signal + 1);
  }

  function showProblems(next: Problems): void {
    setProblems(next);
    setFocusRequest((request) => request + 1);
  }

  function buildPayload(): Record<string, unknown> {
    const payload: Record<string, unknown> = {
      ...extraPayload,
      preferredLanguage: language,
      agreeWithDataPrivacy: consent,
      captchaSolution: solution ?? '',
    };
    for (const field of fields) {
      if (field === 'phone') {
        if (values.phoneNumber.trim() !== '') {
          payload.phoneNumber = values.phoneNumber;
          payload.phoneCountryCode = phoneCountryCode;
        }
      } else if (field === 'topicIds') {
        // Only a choice the visitor could see: [] would clear the topics chosen before.
        if (topics && topics.length > 0) payload.topicIds = values.topicIds;
      } else {
        payload[field] = values[field];
      }
    }
    return payload;
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending || !consent || !solution) return;
    const checked = schema.safeParse(buildPayload(), { reportInput: true });
    if (!checked.success) {
      const next: Problems = {};
      for (const error of fieldErrorsOf(checked.error)) {
        addProblem(next, shown, error.field, { key: error.message, ...(error.params ? { params: error.params } : {}) });
      }
      showProblems(next);
      return;
    }
    setProblems({});
    setSending(true);
    try {
      await onSubmit(checked.data);
      // The solution is spent; a form that stays on screen needs a new one.
      resetCaptcha();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.body.errors ?? []) : [];
      if (fieldErrors.length > 0) {
        const next: Problems = {};
        for (const fieldError of fieldErrors) {
          addProblem(next, shown, fieldError.field, { messagesByLanguage: fieldError.messagesByLanguage });
        }
        showProblems(next);
        // SPEC §5: an error on captchaSolution resets the captcha.
        if (fieldErrors.some((fieldError) => fieldError.field === 'captchaSolution')) resetCaptcha();
      } else {
        // SPEC §8: send failures are only logged. Whether the solution was spent is unknown.
        console.error('[form] sending failed', error);
        resetCaptcha();
      }
    } finally {
      setSending(false);
    }
  }

  /** The ARIA attributes and class of an input that may show an error. */
  function errorProps(control: ControlName, hintId?: string) {
    const invalid = Boolean(problems[control]);
    const describedBy = [hintId, invalid ? errorIdOf(control) : undefined].filter(Boolean).join(' ');
    return {
      'aria-invalid': invalid ? ('true' as const) : undefined,
      'aria-describedby': describedBy || undefined,
    };
  }

  function errorText(control: ControlName) {
    const problem = problems[control];
    if (!problem) return null;
    return (
      <p id={errorIdOf(control)} className="form__error">
        {text(problem)}
      </p>
    );
  }

  function label(control: ControlName, key: MessageKey, required: boolean) {
    return (
      <label className="form__label" htmlFor={idOf(control)}>
        {t(key)}
        {required && (
          <span className="form__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
    );
  }

  function textInput(
    control: 'firstName' | 'lastName' | 'email' | 'companyName' | 'company' | 'subject',
    key: MessageKey,
    autoComplete: string,
    maxLength: number,
    type: 'text' | 'email' = 'text',
  ) {
    const required = requiredFields.has(control);
    return (
      <div className="form__field" key={control}>
        {label(control, key, required)}
        <input
          id={idOf(control)}
          className="form__input"
          name={control}
          type={type}
          value={values[control]}
          onChange={(event) => change(control, event.target.value)}
          autoComplete={autoComplete}
          maxLength={maxLength}
          required={required}
          spellCheck={type === 'email' ? false : undefined}
          {...errorProps(control)}
        />
        {errorText(control)}
      </div>
    );
  }

  function select(
    control: 'gender' | 'role' | 'experienceLevel' | 'recipient',
    key: MessageKey,
    options: readonly string[],
    optionKey: (option: string) => MessageKey,
  ) {
    const required = requiredFields.has(control);
    return (
      <div className="form__field" key={control}>
        {label(control, key, required)}
        <select
          id={idOf(control)}
          className="form__input form__select"
          name={control}
          value={values[control]}
          onChange={(event) => change(control, event.target.value)}
          autoComplete="off"
          required={required}
          {...errorProps(control)}
        >
          <option value="">{t('forms.select.placeholder')}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {t(optionKey(option))}
            </option>
          ))}
        </select>
        {errorText(control)}
      </div>
    );
  }

  function phone() {
    const hintId = `${id}-phoneNumber-hint`;
    const list = countries.status === 'loaded' ? countries.data : [];
    // Until the list is there, the default country is offered alone so the select shows it.
    const options = list.length > 0 ? list : visitorCountry.status === 'loaded' ? [visitorCountry.data] : [];
    return (
      <fieldset className="form__fieldset" key="phone">
        <legend className="form__legend">{t('forms.phone.legend')}</legend>
        <div className="form__phone">
          <div className="form__field form__field--country">
            {label('phoneCountryCode', 'forms.phoneCountryCode.label', false)}
            <select
              id={idOf('phoneCountryCode')}
              className="form__input form__select"
              name="phoneCountryCode"
              value={phoneCountryCode}
              onChange={(event) => change('phoneCountryCode', event.target.value)}
              autoComplete="country"
              aria-busy={countries.status === 'loading' ? true : undefined}
              {...errorProps('phoneCountryCode')}
            >
              {phoneCountryCode === '' && <option value="">{t('forms.select.placeholder')}</option>}
              {options.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.phoneCode
                    ? t('forms.phoneCountryCode.option', { country: country.name, phoneCode: country.phoneCode })
                    : country.name}
                </option>
              ))}
            </select>
            {errorText('phoneCountryCode')}
          </div>
          <div className="form__field form__field--phone-number">
            {label('phoneNumber', 'forms.phoneNumber.label', false)}
            <input
              id={idOf('phoneNumber')}
              className="form__input"
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              value={values.phoneNumber}
              onChange={(event) => change('phoneNumber', event.target.value)}
              autoComplete="tel-national"
              maxLength={formLimits.phoneNumber}
              {...errorProps('phoneNumber', hintId)}
            />
            <p id={hintId} className="form__hint">
              {t('forms.phoneNumber.hint')}
            </p>
            {errorText('phoneNumber')}
          </div>
        </div>
      </fieldset>
    );
  }

  function topicChoices() {
    if (!topics || topics.length === 0) return null;
    return (
      <fieldset className="form__fieldset" key="topicIds">
        <legend className="form__legend">{t('forms.topics.legend')}</legend>
        <ul className="form__choices">
          {topics.map((topic) => (
            <li key={topic.id} className="form__choice">
              <input
                id={idOf(`topic-${topic.id}`)}
                className="form__checkbox"
                type="checkbox"
                name="topicIds"
                value={topic.id}
                checked={values.topicIds.includes(topic.id)}
                onChange={(event) => toggleTopic(topic.id, event.target.checked)}
                {...errorProps('topicIds')}
              />
              <label htmlFor={idOf(`topic-${topic.id}`)}>{topic.title}</label>
            </li>
          ))}
        </ul>
        {errorText('topicIds')}
      </fieldset>
    );
  }

  function message() {
    const hintId = `${id}-message-hint`;
    return (
      <div className="form__field" key="message">
        {label('message', 'forms.message.label', true)}
        <textarea
          id={idOf('message')}
          className="form__input form__textarea"
          name="message"
          rows={5}
          value={values.message}
          onChange={(event) => change('message', event.target.value)}
          maxLength={formLimits.messageMax}
          required
          {...errorProps('message', hintId)}
        />
        <p id={hintId} className="form__hint">
          {t('forms.message.hint', { min: formLimits.messageMin })}
        </p>
        {errorText('message')}
      </div>
    );
  }

  function field(name: FormFieldName) {
    switch (name) {
      case 'firstName':
        return textInput('firstName', 'forms.firstName.label', 'given-name', formLimits.name);
      case 'lastName':
        return textInput('lastName', 'forms.lastName.label', 'family-name', formLimits.name);
      case 'email':
        return textInput('email', 'forms.email.label', 'email', formLimits.email, 'email');
      case 'companyName':
        return textInput('companyName', 'forms.companyName.label', 'organization', formLimits.company);
      case 'company':
        return textInput('company', 'forms.company.label', 'organization', formLimits.company);
      case 'subject':
        return textInput('subject', 'forms.subject.label', 'off', formLimits.subject);
      case 'gender':
        return select('gender', 'forms.gender.label', genders, (option) => `forms.gender.${option}` as MessageKey);
      case 'role':
        return select('role', 'forms.role.label', roles, (option) => `forms.role.${option}` as MessageKey);
      case 'experienceLevel':
        return select('experienceLevel', 'forms.experienceLevel.label', experienceLevels, (option) => `forms.experienceLevel.${option}` as MessageKey);
      case 'recipient':
        return select('recipient', 'forms.recipient.label', contactRecipients, (option) => `forms.recipient.${option}` as MessageKey);
      case 'phone':
        return phone();
      case 'topicIds':
        return topicChoices();
      case 'message':
        return message();
    }
  }

  const canSubmit = consent && Boolean(solution) && !sending;
  const submitHintId = `${id}-submit-hint`;
  const captchaProblem = problems.captchaSolution;

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending}>
      <p className="form__note">{t('forms.requiredNote')}</p>
      {problems.general && (
        <div className="form__alert" role="alert">
          {problems.general.map((problem, index) => (
            <p key={index}>{text(problem)}</p>
          ))}
        </div>
      )}
      {fields.map(field)}
      {children}
      <div className="form__field form__consent">
        <input
          id={idOf('agreeWithDataPrivacy')}
          className="form__checkbox"
          type="checkbox"
          name="agreeWithDataPrivacy"
          checked={consent}
          onChange={(event) => {
            setConsent(event.target.checked);
            clearProblem('agreeWithDataPrivacy');
          }}
          required
          {...errorProps('agreeWithDataPrivacy')}
        />
        <label htmlFor={idOf('agreeWithDataPrivacy')}>
          {t('forms.consent.beforeLink')}
          <a href={`/web/${language}/privacy-policy`} target="_blank" rel="noopener">
            {t('forms.consent.link')}
            <span className="form__sr-only"> {t('forms.newTab')}</span>
          </a>
          {t('forms.consent.afterLink')}
          <span className="form__required" aria-hidden="true">
            {' *'}
          </span>
        </label>
        {errorText('agreeWithDataPrivacy')}
      </div>
      <div className={captchaProblem ? 'form__captcha form__captcha--invalid' : 'form__captcha'}>
        {siteKey.status === 'loading' ? (
          <p className="form__hint">{t('common.loading')}</p>
        ) : (
          <CaptchaWidget
            siteKey={siteKey.status === 'loaded' ? siteKey.data.siteKey : undefined}
            language={language}
            onSolved={(value) => {
              setSolution(value);
              clearProblem('captchaSolution');
            }}
            onReset={() => setSolution(undefined)}
            resetSignal={resetSignal}
            {...(puzzleUrl ? { puzzleUrl } : {})}
          />
        )}
        {captchaProblem && (
          <p id={errorIdOf('captchaSolution')} className="form__error" role="alert">
            {text(captchaProblem)}
          </p>
        )}
      </div>
      <div className="form__actions">
        <button
          type="submit"
          className="form__submit"
          disabled={!canSubmit}
          aria-describedby={!consent || !solution ? submitHintId : undefined}
        >
          {t(sending ? 'forms.submit.sending' : submitLabel)}
        </button>
        {(!consent || !solution) && (
          <p id={submitHintId} className="form__hint">
            {t('forms.submit.hint')}
          </p>
        )}
      </div>
    </form>
  );
}
