import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import { newsletterAdminCalls } from '#shared/contract/newsletter-admin.ts';
import { forEveryLanguage } from '#shared/every-language.ts';
import type { MessageKey } from '#shared/i18n/catalogue.ts';
import { languages, type Language } from '#shared/locales.ts';
import { experienceLevels, roles } from '#shared/schemas/forms.ts';
import { issueInputSchema, issueLimits, type Issue, type IssueInput } from '#shared/schemas/newsletter-issues.ts';
import { callApi } from '#client/lib/api.ts';
import { translatePlural } from '#client/lib/translate.ts';
import { useLanguage, useLanguageName, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { CheckboxField, FormProblems, TextAreaField, TextField } from '#client/ui/form/fields.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';

/** What the issue form holds: every language's edition as typed, and the segment's choices. */
export type IssueFormValues = IssueInput;

const emptyEdition = { subject: '', preheader: '', body: '' };
export const emptyIssueForm: IssueFormValues = {
  editions: forEveryLanguage(() => emptyEdition),
  segment: { languages: [...languages], roles: [], experienceLevels: [], topicIds: [] },
};

export const formValuesOf = (issue: Issue): IssueFormValues => ({ editions: issue.editions, segment: issue.segment });

/** The file as base64, without the `data:…;base64,` in front. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** A group of checkboxes for one list of the segment: the values ticked. */
function ChoiceGroup<Value extends string>({
  id,
  legend,
  options,
  chosen,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  options: { value: Value; label: string }[];
  chosen: readonly Value[];
  onChange: (values: Value[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="form__fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form__legend">{legend}</legend>
      <ul className="form__choices">
        {options.map((option) => (
          <li key={option.value}>
            <CheckboxField
              id={`${id}-${option.value}`}
              className="form__choice"
              name={id}
              value={option.value}
              label={option.label}
              checked={chosen.includes(option.value)}
              onChange={(checked) => onChange(checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))}
            />
          </li>
        ))}
      </ul>
      {error && (
        <p id={`${id}-error`} className="form__error" role="alert" tabIndex={-1}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The issue form of the back office, for a new issue and for a draft: per language a
 * subject, a preheader and the text in the issue Markdown (with an image upload that adds
 * the image at the end of the text), and the segment, with the number of confirmed
 * subscribers it reaches now, counted again as staff choose. Checked with the schema the
 * server uses; the server's field errors stand under their fields.
 */
export function IssueForm({ initial, submitLabel, onSubmit }: { initial: IssueFormValues; submitLabel: MessageKey; onSubmit: (payload: IssueInput) => Promise<void> }) {
  const t = useT();
  const { language } = useLanguage();
  const languageName = useLanguageName();
  const form = useForm({
    language,
    initial,
    schema: issueInputSchema,
    send: onSubmit,
    refusalOf: (error) => refusalOf(error, { key: 'adminNewsletter.form.failed' }),
  });
  const { field, values } = form;
  const segment = values.segment;
  const topics = useQuery(apiQuery(newsletterCalls.newsletterTopics, { query: { language } }));
  const count = useQuery({
    ...apiQuery(newsletterAdminCalls.newsletterSegmentCount, { body: segment }),
    enabled: segment.languages.length > 0,
    placeholderData: keepPreviousData,
  });
  const [image, setImage] = useState<{ language: Language; state: 'uploading' | 'added' | 'failed' } | undefined>();

  async function addImage(edition: Language, file: File | undefined): Promise<void> {
    if (!file) return;
    setImage({ language: edition, state: 'uploading' });
    try {
      const { url } = await callApi(newsletterAdminCalls.uploadNewsletterImage, { body: { content: await base64Of(file) } });
      const alt = file.name.replace(/\.[^.]+$/, '').replace(/[[\]()]/g, ' ');
      form.update((current) => {
        const body = current.editions[edition].body.trimEnd();
        return { ...current, editions: { ...current.editions, [edition]: { ...current.editions[edition], body: `${body}${body ? '\n\n' : ''}![${alt}](${url})` } } };
      });
      setImage({ language: edition, state: 'added' });
    } catch {
      setImage({ language: edition, state: 'failed' });
    }
  }

  return (
    <form className="form admin-newsletter-form" noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
      <p className="form__note">{t('forms.requiredNote')}</p>
      <FormProblems texts={form.elsewhere} />
      {languages.map((edition) => {
        const reached = segment.languages.includes(edition);
        return (
          <fieldset key={edition} className="form__fieldset" lang={edition}>
            <legend className="form__legend" lang={language}>
              {t('adminNewsletter.form.edition', { language: languageName(edition) })}
            </legend>
            <TextField {...field(`editions.${edition}.subject`)} label={t('adminNewsletter.form.subject')} autoComplete="off" maxLength={issueLimits.subject} required={reached} />
            <TextField
              {...field(`editions.${edition}.preheader`)}
              label={t('adminNewsletter.form.preheader')}
              autoComplete="off"
              maxLength={issueLimits.preheader}
              hint={t('adminNewsletter.form.preheaderHint')}
            />
            <TextAreaField
              {...field(`editions.${edition}.body`)}
              label={t('adminNewsletter.form.body')}
              maxLength={issueLimits.body}
              rows={14}
              required={reached}
              hint={t('adminNewsletter.form.bodyHint')}
            />
            <div className="form__field">
              <label htmlFor={form.idOf(`image-${edition}`)}>{t('adminNewsletter.form.image')}</label>
              <input
                id={form.idOf(`image-${edition}`)}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(event) => {
                  void addImage(edition, event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              {image?.language === edition && (
                <p role={image.state === 'failed' ? 'alert' : 'status'} className={image.state === 'failed' ? 'form__error' : 'form__hint'}>
                  {t(image.state === 'uploading' ? 'adminNewsletter.form.imageUploading' : image.state === 'added' ? 'adminNewsletter.form.imageAdded' : 'adminNewsletter.form.imageFailed')}
                </p>
              )}
            </div>
          </fieldset>
        );
      })}

      <fieldset className="form__fieldset">
        <legend className="form__legend">{t('adminNewsletter.form.segment')}</legend>
        <p className="form__hint">{t('adminNewsletter.form.segmentHint')}</p>
        <ChoiceGroup
          id={form.idOf('segment.languages')}
          legend={t('adminNewsletter.form.languages')}
          options={languages.map((value) => ({ value, label: languageName(value) }))}
          chosen={segment.languages}
          onChange={(chosen) => form.set('segment.languages', chosen)}
          error={form.errorOf('segment.languages')}
        />
        <ChoiceGroup
          id={form.idOf('segment.roles')}
          legend={t('adminNewsletter.form.roles')}
          options={roles.map((value) => ({ value, label: t(`forms.role.${value}`) }))}
          chosen={segment.roles}
          onChange={(chosen) => form.set('segment.roles', chosen)}
        />
        <ChoiceGroup
          id={form.idOf('segment.experienceLevels')}
          legend={t('adminNewsletter.form.levels')}
          options={experienceLevels.map((value) => ({ value, label: t(`forms.experienceLevel.${value}`) }))}
          chosen={segment.experienceLevels}
          onChange={(chosen) => form.set('segment.experienceLevels', chosen)}
        />
        {topics.data && (
          <ChoiceGroup
            id={form.idOf('segment.topicIds')}
            legend={t('adminNewsletter.form.topics')}
            options={topics.data.map((topic) => ({ value: topic.id, label: topic.title }))}
            chosen={segment.topicIds}
            onChange={(chosen) => form.set('segment.topicIds', chosen)}
            error={form.errorOf('segment.topicIds.0')}
          />
        )}
        <p className="admin-newsletter-form__count" role="status" aria-live="polite">
          {segment.languages.length === 0
            ? ''
            : count.data
              ? translatePlural(language, 'adminNewsletter.form.count', count.data.recipients)
              : t(count.error ? 'adminNewsletter.form.countFailed' : 'adminNewsletter.form.counting')}
        </p>
      </fieldset>

      <div className="form__actions">
        <button type="submit" className="admin-button" disabled={form.sending}>
          {t(form.sending ? 'adminNewsletter.form.saving' : submitLabel)}
        </button>
      </div>
    </form>
  );
}
