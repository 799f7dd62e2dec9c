import type { MessageKey } from '#shared/i18n/catalogue.ts';
import { languages } from '#shared/locales.ts';
import { webinarInputSchema, webinarLimits, type WebinarInput } from '#shared/schemas/webinars.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { DateField, FormProblems, NumberField, SelectField, TextAreaField, TextField, TimeField } from '#client/ui/form/fields.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { webinarPayloadOf, type WebinarFormValues } from './webinar-form-values.ts';

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
  const form = useForm({
    language,
    initial,
    schema: webinarInputSchema,
    payloadOf: webinarPayloadOf,
    // The start is one value of the payload; the form asks for it as a date and a time.
    rename: (path) => (path === 'startsAt' ? 'date' : path),
    send: onSubmit,
    refusalOf: (error) => refusalOf(error, { key: 'adminWebinars.form.failed' }),
  });
  const { field } = form;
  const startId = form.idOf('start');

  return (
    <form className="form admin-webinar-form" noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
      <p className="form__note">{t('forms.requiredNote')}</p>
      <FormProblems texts={form.elsewhere} />
      <TextField
        {...field('code')}
        label={t('adminWebinars.form.code')}
        autoComplete="off"
        maxLength={webinarLimits.code}
        required
        hint={t('adminWebinars.form.codeHint')}
      />
      <TextField {...field('title')} label={t('adminWebinars.form.title')} autoComplete="off" maxLength={webinarLimits.title} required />
      <SelectField
        {...field('language')}
        label={t('adminWebinars.form.language')}
        options={languages.map((option) => ({ value: option, label: t(`webinars.language.${option}`) }))}
        language={language}
        required
      />
      <fieldset className="form__fieldset" aria-describedby={`${startId}-hint`}>
        <legend className="form__legend">{t('adminWebinars.form.start')}</legend>
        <p id={`${startId}-hint`} className="form__hint">
          {t('adminWebinars.form.startHint')}
        </p>
        <div className="admin-webinar-form__start">
          <DateField {...field('date')} label={t('adminWebinars.form.date')} required />
          <TimeField
            {...field('time')}
            // The date field shows the start's problem; a new time may mend it too.
            onChange={(time) => {
              form.set('time', time);
              form.clearProblem('date');
            }}
            label={t('adminWebinars.form.time')}
            required
          />
        </div>
      </fieldset>
      <NumberField
        {...field('durationMinutes')}
        label={t('adminWebinars.form.duration')}
        min={webinarLimits.durationMin}
        max={webinarLimits.durationMax}
        required
        hint={t('adminWebinars.form.durationHint', { min: webinarLimits.durationMin, max: webinarLimits.durationMax })}
      />
      <TextAreaField
        {...field('description')}
        label={t('adminWebinars.form.description')}
        maxLength={webinarLimits.description}
        rows={8}
        required
        hint={t('adminWebinars.form.descriptionHint')}
      />
      <TextField
        {...field('link')}
        type="text"
        label={t('adminWebinars.form.link')}
        autoComplete="url"
        maxLength={webinarLimits.link}
        required
        hint={t('adminWebinars.form.linkHint')}
      />
      <div className="form__actions">
        <button type="submit" className="admin-button" disabled={form.sending}>
          {t(form.sending ? 'adminWebinars.form.saving' : submitLabel)}
        </button>
      </div>
    </form>
  );
}
