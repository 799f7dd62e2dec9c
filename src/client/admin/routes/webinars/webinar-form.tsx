import { useId, useRef, useState, type FormEvent } from 'react';
import type { MessageKey, MessagesByLanguage } from '#shared/i18n/catalogue.ts';
import { languages } from '#shared/locales.ts';
import { webinarLimits, type WebinarInput } from '#shared/schemas/webinars.ts';
import { ApiError } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { DateField, NumberField, SelectField, TextAreaField, TextField, TimeField } from '#client/ui/form/fields.tsx';
import { problemsFromApi, problemText, withoutProblem, type Problems } from '#client/ui/form/problems.ts';
import { useFocusOnProblems } from '#client/ui/form/use-form.ts';
import { checkWebinarForm, type WebinarFormValues } from './webinar-form-values.ts';

/**
 * The webinar form of the back office, for a new webinar and for changing one: code,
 * title, language, start (a date and a time in Zurich), duration in minutes, description
 * and join link. It checks the payload with the shared schema before sending and shows
 * the server's field errors (a code already taken, a start in the past) under their
 * fields; the first invalid field takes the focus.
 */
export function WebinarForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: WebinarFormValues;
  submitLabel: MessageKey;
  /** Sends the checked payload; an ApiError with field errors puts them at their fields. */
  onSubmit: (payload: WebinarInput) => Promise<void>;
}) {
  const t = useT();
  const { language } = useLanguage();
  const id = useId();
  const idOf = (field: string) => `${id}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstProblem = useFocusOnProblems(formRef);
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const [refusal, setRefusal] = useState<MessagesByLanguage | 'failed'>();
  const [sending, setSending] = useState(false);

  const errorOf = (field: string) => {
    const problem = problems[field];
    return problem ? problemText(problem, language) : undefined;
  };
  /** Changing a field clears its problem (the date and the time share the start's). */
  const change = (field: keyof WebinarFormValues, problemField: string = field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => withoutProblem(current, problemField));
  };

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending) return;
    setRefusal(undefined);
    const checked = checkWebinarForm(values);
    if (!checked.ok) {
      setProblems(checked.problems);
      focusFirstProblem();
      return;
    }
    setProblems({});
    setSending(true);
    try {
      await onSubmit(checked.payload);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        setProblems(problemsFromApi(error.fieldErrors));
        focusFirstProblem();
      } else {
        setRefusal(error instanceof ApiError && error.body.error ? error.body.error.messagesByLanguage : 'failed');
      }
    } finally {
      setSending(false);
    }
  }

  // Problems of fields the form does not show (none expected) are shown on top with any refusal.
  const shown = new Set(['code', 'title', 'language', 'startsAt', 'durationMinutes', 'description', 'link']);
  const others = Object.entries(problems).filter(([field]) => !shown.has(field.split('.')[0] ?? field));

  return (
    <form ref={formRef} className="form admin-webinar-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending}>
      <p className="form__note">{t('forms.requiredNote')}</p>
      {(refusal || others.length > 0) && (
        <div className="form__alert" role="alert">
          {refusal && <p>{refusal === 'failed' ? t('adminWebinars.form.failed') : refusal[language]}</p>}
          {others.map(([field, problem]) => (
            <p key={field}>{problemText(problem, language)}</p>
          ))}
        </div>
      )}
      <TextField
        id={idOf('code')}
        name="code"
        label={t('adminWebinars.form.code')}
        value={values.code}
        onChange={change('code')}
        autoComplete="off"
        maxLength={webinarLimits.code}
        required
        hint={t('adminWebinars.form.codeHint')}
        error={errorOf('code')}
      />
      <TextField
        id={idOf('title')}
        name="title"
        label={t('adminWebinars.form.title')}
        value={values.title}
        onChange={change('title')}
        autoComplete="off"
        maxLength={webinarLimits.title}
        required
        error={errorOf('title')}
      />
      <SelectField
        id={idOf('language')}
        name="language"
        label={t('adminWebinars.form.language')}
        value={values.language}
        onChange={change('language')}
        options={languages.map((option) => ({ value: option, label: t(`webinars.language.${option}`) }))}
        language={language}
        required
        error={errorOf('language')}
      />
      <fieldset className="form__fieldset" aria-describedby={`${idOf('start')}-hint`}>
        <legend className="form__legend">{t('adminWebinars.form.start')}</legend>
        <p id={`${idOf('start')}-hint`} className="form__hint">
          {t('adminWebinars.form.startHint')}
        </p>
        <div className="admin-webinar-form__start">
          <DateField
            id={idOf('date')}
            name="date"
            label={t('adminWebinars.form.date')}
            value={values.date}
            onChange={change('date', 'startsAt')}
            required
            error={errorOf('startsAt')}
          />
          <TimeField id={idOf('time')} name="time" label={t('adminWebinars.form.time')} value={values.time} onChange={change('time', 'startsAt')} required />
        </div>
      </fieldset>
      <NumberField
        id={idOf('durationMinutes')}
        name="durationMinutes"
        label={t('adminWebinars.form.duration')}
        value={values.durationMinutes}
        onChange={change('durationMinutes')}
        min={webinarLimits.durationMin}
        max={webinarLimits.durationMax}
        required
        hint={t('adminWebinars.form.durationHint', { min: webinarLimits.durationMin, max: webinarLimits.durationMax })}
        error={errorOf('durationMinutes')}
      />
      <TextAreaField
        id={idOf('description')}
        name="description"
        label={t('adminWebinars.form.description')}
        value={values.description}
        onChange={change('description')}
        maxLength={webinarLimits.description}
        rows={8}
        required
        hint={t('adminWebinars.form.descriptionHint')}
        error={errorOf('description')}
      />
      <TextField
        id={idOf('link')}
        name="link"
        type="text"
        label={t('adminWebinars.form.link')}
        value={values.link}
        onChange={change('link')}
        autoComplete="url"
        maxLength={webinarLimits.link}
        required
        hint={t('adminWebinars.form.linkHint')}
        error={errorOf('link')}
      />
      <div className="form__actions">
        <button type="submit" className="admin-button" disabled={sending}>
          {t(sending ? 'adminWebinars.form.saving' : submitLabel)}
        </button>
      </div>
    </form>
  );
}
