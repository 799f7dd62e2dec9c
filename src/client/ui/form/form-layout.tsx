import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import type { SiteKeyCall } from '#shared/contract/captcha.ts';
import { geoCalls } from '#shared/contract/geo.ts';
import { translate, type MessageKey } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { sitePath } from '#shared/paths.ts';
import { contactRecipients, experienceLevels, formLimits, genders, roles, type NewsletterTopic } from '#shared/schemas/forms.ts';
import { ApiError } from '#client/lib/api.ts';
import { CaptchaField } from './captcha-field.tsx';
import { CheckboxField, countryOptions, SelectField, SubmitButton, TextAreaField, TextField } from './fields.tsx';
import { useFormData } from './form-data.ts';
import { problemsFromApi, problemsFromSchema, problemText, withoutProblem, type Problem, type Problems } from './problems.ts';
import { useCaptcha, useFocusOnProblems } from './use-form.ts';
import './form-layout.css';

/**
 * The one layout of the public forms (newsletter, contact, webinar, sign-in, exit popup,
 * shopping cart). A form names the fields it shows, the shared schema it sends and its
 * site-key call; the layout renders them with the form primitives (`fields.tsx`), the
 * consent box with the privacy-policy link and the captcha, checks the payload with the
 * same schema as the server, and shows the server's field errors under their fields.
 */

/** The fields a form can show; `phone` is the country-code select and the number together. */
export type FormFieldName =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'password'
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

type TextName = 'firstName' | 'lastName' | 'email' | 'password' | 'companyName' | 'company' | 'subject';
type ChoiceName = 'gender' | 'role' | 'experienceLevel' | 'recipient';

/** How each text field is shown: its label, autofill token, length limit and whether it is required. */
const textFields: Record<TextName, { label: MessageKey; autoComplete: string; maxLength: number; required?: true; type?: 'email' | 'password' }> = {
  firstName: { label: 'forms.firstName.label', autoComplete: 'given-name', maxLength: formLimits.name, required: true },
  lastName: { label: 'forms.lastName.label', autoComplete: 'family-name', maxLength: formLimits.name },
  email: { label: 'forms.email.label', autoComplete: 'email', maxLength: formLimits.email, required: true, type: 'email' },
  password: { label: 'forms.password.label', autoComplete: 'current-password', maxLength: formLimits.password, required: true, type: 'password' },
  companyName: { label: 'forms.companyName.label', autoComplete: 'organization', maxLength: formLimits.company },
  company: { label: 'forms.company.label', autoComplete: 'organization', maxLength: formLimits.company },
  subject: { label: 'forms.subject.label', autoComplete: 'off', maxLength: formLimits.subject, required: true },
};

/** The choices of each select: the enumeration and the catalogue area of its option texts. */
const choiceFields: Record<ChoiceName, { label: MessageKey; options: readonly string[]; required?: true }> = {
  gender: { label: 'forms.gender.label', options: genders },
  role: { label: 'forms.role.label', options: roles },
  experienceLevel: { label: 'forms.experienceLevel.label', options: experienceLevels },
  recipient: { label: 'forms.recipient.label', options: contactRecipients, required: true },
};

export interface FormLayoutProps<Payload> {
  language: Language;
  /** The fields to show, in this order. */
  fields: readonly FormFieldName[];
  /** The shared schema of the payload; the same one the server checks. */
  schema: z.ZodType<Payload>;
  /** The form family's site-key call (`siteKeyCalls`). */
  siteKeyCall: SiteKeyCall;
  /** The topics to offer when `fields` has `topicIds`. */
  topics?: readonly NewsletterTopic[] | undefined;
  /** Added to the payload as is (for example `{ newsletterEnabled: true }`). */
  extraPayload?: Record<string, unknown>;
  /** The text of the submit button; 'Send' by default. */
  submitLabel?: MessageKey;
  /**
   * Sends the checked payload. Throwing the ApiError of a 400 shows its field errors;
   * any other failure is only logged.
   */
  onSubmit: (payload: Payload) => Promise<void>;
  /** The puzzle endpoint of the captcha provider; the widget's default otherwise. */
  puzzleUrl?: string;
  /** Ask for consent to the privacy policy (every public form does; the staff sign-in does not). */
  askConsent?: boolean;
  /** Content between the fields and the consent box. */
  children?: ReactNode;
}

type Values = Record<TextName | ChoiceName | 'phoneCountryCode' | 'phoneNumber' | 'message', string> & { topicIds: string[] };

const emptyValues: Values = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  companyName: '',
  company: '',
  subject: '',
  gender: '',
  role: '',
  experienceLevel: '',
  recipient: '',
  phoneCountryCode: '',
  phoneNumber: '',
  message: '',
  topicIds: [],
};

/** The inputs a form shows, by payload field: `phone` stands for the code and the number. */
function shownFields(fields: readonly FormFieldName[], askConsent: boolean): Set<string> {
  const shown = new Set<string>(askConsent ? ['agreeWithDataPrivacy', 'captchaSolution'] : ['captchaSolution']);
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

/** Problems of fields the form shows stay at their field (`topicIds.2` at `topicIds`); the others go on top. */
function placeProblems(problems: Problems, shown: ReadonlySet<string>): { fields: Problems; general: Problem[] } {
  const fields: Problems = {};
  const general: Problem[] = [];
  for (const [path, problem] of Object.entries(problems)) {
    const head = path.split('.')[0] ?? path;
    if (shown.has(head)) fields[head] ??= problem;
    else general.push(problem);
  }
  return { fields, general };
}

export function FormLayout<Payload>({
  language,
  fields,
  schema,
  siteKeyCall,
  topics,
  extraPayload,
  submitLabel = 'forms.submit.send',
  onSubmit,
  puzzleUrl,
  askConsent = true,
  children,
}: FormLayoutProps<Payload>) {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
  const id = useId();
  const idOf = (field: string) => `${id}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const shown = shownFields(fields, askConsent);

  const [values, setValues] = useState<Values>(emptyValues);
  const [consentGiven, setConsent] = useState(false);
  const consent = consentGiven || !askConsent;
  const [problems, setProblems] = useState<{ fields: Problems; general: Problem[] }>({ fields: {}, general: [] });
  const [sending, setSending] = useState(false);
  const captcha = useCaptcha();
  const focusFirstProblem = useFocusOnProblems(formRef);

  const showsPhone = fields.includes('phone');
  const countries = useFormData(showsPhone ? geoCalls.countries : undefined, { query: { language } });
  const visitorCountry = useFormData(showsPhone ? geoCalls.visitorCountry : undefined);

  // The phone country defaults to the visitor's country, unless one was chosen.
  const visitorCountryCode = visitorCountry.status === 'loaded' ? visitorCountry.data.code : undefined;
  const phoneCountryCode = values.phoneCountryCode || visitorCountryCode || '';

  const errorOf = (field: string) => {
    const problem = problems.fields[field];
    return problem ? problemText(problem, language) : undefined;
  };
  const clearProblem = (field: string) => setProblems((current) => ({ ...current, fields: withoutProblem(current.fields, field) }));
  const change = (field: keyof Values, value: Values[keyof Values]) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearProblem(field);
  };
  const showProblems = (next: Problems) => {
    setProblems(placeProblems(next, shown));
    focusFirstProblem();
  };

  function buildPayload(): Record<string, unknown> {
    const payload: Record<string, unknown> = {
      ...extraPayload,
      preferredLanguage: language,
      ...(askConsent ? { agreeWithDataPrivacy: consent } : {}),
      captchaSolution: captcha.solution ?? '',
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
    if (sending || !consent || !captcha.solution) return;
    const payload = buildPayload();
    const own = problemsFromSchema(schema, payload);
    if (Object.keys(own).length > 0) {
      showProblems(own);
      return;
    }
    setProblems({ fields: {}, general: [] });
    setSending(true);
    try {
      await onSubmit(schema.parse(payload));
      // The solution is spent; a form that stays on screen needs a new one.
      captcha.reset();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
      if (fieldErrors.length > 0) {
        showProblems(problemsFromApi(fieldErrors));
        // The server refused the solution (or spent it): the widget starts over.
        if (fieldErrors.some((fieldError) => fieldError.field === 'captchaSolution')) captcha.reset();
      } else {
        // A failed send is only logged. Whether the solution was spent is unknown.
        console.error('[form] sending failed', error);
        captcha.reset();
      }
    } finally {
      setSending(false);
    }
  }

  function textField(name: TextName) {
    const spec = textFields[name];
    return (
      <TextField
        key={name}
        id={idOf(name)}
        name={name}
        label={t(spec.label)}
        value={values[name]}
        onChange={(value) => change(name, value)}
        autoComplete={spec.autoComplete}
        maxLength={spec.maxLength}
        required={spec.required}
        type={spec.type}
        error={errorOf(name)}
      />
    );
  }

  function choiceField(name: ChoiceName) {
    const spec = choiceFields[name];
    return (
      <SelectField
        key={name}
        id={idOf(name)}
        name={name}
        label={t(spec.label)}
        value={values[name]}
        onChange={(value) => change(name, value)}
        options={spec.options.map((option) => ({ value: option, label: t(`forms.${name}.${option}` as MessageKey) }))}
        language={language}
        required={spec.required}
        error={errorOf(name)}
      />
    );
  }

  function phoneFields() {
    const list = countries.status === 'loaded' ? countries.data : [];
    // Until the list is there, the default country is offered alone so the select shows it.
    const offered = list.length > 0 ? list : visitorCountry.status === 'loaded' ? [visitorCountry.data] : [];
    return (
      <fieldset className="form__fieldset" key="phone">
        <legend className="form__legend">{t('forms.phone.legend')}</legend>
        <div className="form__phone">
          <SelectField
            id={idOf('phoneCountryCode')}
            name="phoneCountryCode"
            className="form__field--country"
            label={t('forms.phoneCountryCode.label')}
            value={phoneCountryCode}
            onChange={(value) => change('phoneCountryCode', value)}
            options={countryOptions(offered, language, true)}
            language={language}
            autoComplete="country"
            loading={countries.status === 'loading'}
            placeholder="whenEmpty"
            error={errorOf('phoneCountryCode')}
          />
          <TextField
            id={idOf('phoneNumber')}
            name="phoneNumber"
            className="form__field--phone-number"
            type="tel"
            label={t('forms.phoneNumber.label')}
            value={values.phoneNumber}
            onChange={(value) => change('phoneNumber', value)}
            autoComplete="tel-national"
            maxLength={formLimits.phoneNumber}
            hint={t('forms.phoneNumber.hint')}
            error={errorOf('phoneNumber')}
          />
        </div>
      </fieldset>
    );
  }

  function topicChoices() {
    if (!topics || topics.length === 0) return null;
    const error = errorOf('topicIds');
    return (
      <fieldset className="form__fieldset" key="topicIds">
        <legend className="form__legend">{t('forms.topics.legend')}</legend>
        <ul className="form__choices">
          {topics.map((topic) => (
            <li key={topic.id}>
              <CheckboxField
                id={idOf(`topic-${topic.id}`)}
                className="form__choice"
                name="topicIds"
                value={topic.id}
                label={topic.title}
                checked={values.topicIds.includes(topic.id)}
                onChange={(checked) =>
                  change('topicIds', checked ? [...values.topicIds, topic.id] : values.topicIds.filter((chosen) => chosen !== topic.id))
                }
                error={error}
              />
            </li>
          ))}
        </ul>
      </fieldset>
    );
  }

  function field(name: FormFieldName) {
    switch (name) {
      case 'phone':
        return phoneFields();
      case 'topicIds':
        return topicChoices();
      case 'message':
        return (
          <TextAreaField
            key="message"
            id={idOf('message')}
            name="message"
            label={t('forms.message.label')}
            rows={5}
            value={values.message}
            onChange={(value) => change('message', value)}
            maxLength={formLimits.messageMax}
            required
            hint={t('forms.message.hint', { min: formLimits.messageMin })}
            error={errorOf('message')}
          />
        );
      case 'gender':
      case 'role':
      case 'experienceLevel':
      case 'recipient':
        return choiceField(name);
      default:
        return textField(name);
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending}>
      <p className="form__note">{t('forms.requiredNote')}</p>
      {problems.general.length > 0 && (
        <div className="form__alert" role="alert">
          {problems.general.map((problem, index) => (
            <p key={index}>{problemText(problem, language)}</p>
          ))}
        </div>
      )}
      {fields.map(field)}
      {children}
      {askConsent && (
        <CheckboxField
          id={idOf('agreeWithDataPrivacy')}
          name="agreeWithDataPrivacy"
          checked={consent}
          onChange={(checked) => {
            setConsent(checked);
            clearProblem('agreeWithDataPrivacy');
          }}
          required
          error={errorOf('agreeWithDataPrivacy')}
          label={
            <>
              {t('forms.consent.beforeLink')}
              <a href={sitePath(language, 'privacy-policy')} target="_blank" rel="noopener">
                {t('forms.consent.link')}
                <span className="form__sr-only"> {t('forms.newTab')}</span>
              </a>
              {t('forms.consent.afterLink')}
            </>
          }
        />
      )}
      <CaptchaField
        id={idOf('captchaSolution')}
        siteKeyCall={siteKeyCall}
        language={language}
        error={errorOf('captchaSolution')}
        resetSignal={captcha.resetSignal}
        onSolved={(solution) => {
          captcha.solved(solution);
          clearProblem('captchaSolution');
        }}
        onReset={captcha.clear}
        puzzleUrl={puzzleUrl}
      />
      <div className="form__actions">
        <SubmitButton
          id={idOf('submit')}
          ready={consent && Boolean(captcha.solution)}
          busy={sending}
          label={t(sending ? 'forms.submit.sending' : submitLabel)}
          hint={t(askConsent ? 'forms.submit.hint' : 'forms.submit.captchaHint')}
        />
      </div>
    </form>
  );
}
