import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { SiteKeyCall } from '#shared/contract/captcha.ts';
import type { MessageKey } from '#shared/i18n/catalogue.ts';
import { translate } from '#client/lib/translate.ts';
import type { Language } from '#shared/locales.ts';
import { sitePath } from '#shared/paths.ts';
import { ApiError } from '#client/lib/api.ts';
import { CaptchaField } from './captcha-field.tsx';
import { CheckboxField, FormProblems, SubmitButton } from './fields.tsx';
import { useCaptcha, useForm, type CheckboxBinding, type Form, type PathOf, type SchemaLoader } from './use-form.ts';
import './form-layout.css';

/**
 * The one layout of the public forms (newsletter, contact, webinar, sign-in, exit popup,
 * shopping cart, downloads): a form holds its own fields with `usePublicForm` and
 * declares them as `FormLayout`'s children; the layout adds the consent box with the
 * privacy-policy link, the captcha and the submit button, and the payload gets the
 * language, the consent and the captcha's solution.
 */

type WithConsent<Values> = Values & { agreeWithDataPrivacy: boolean };

export interface PublicFormOptions<Values extends object, Payload> {
  language: Language;
  /** The form's own fields, as they start. */
  initial: Values;
  /** The shared schema of the payload; the same one the server checks (or its loader, `SchemaLoader`). */
  schema: z.ZodType<Payload> | SchemaLoader<Payload>;
  /** The form's part of the payload; its values by default. */
  payloadOf?: (values: Values) => object;
  /**
   * Sends the checked payload. Throwing the ApiError of a 400 shows its field errors; a
   * failure of the server (a 5xx, or no answer) is said above the fields; any other
   * failure is only logged.
   */
  send: (payload: Payload) => Promise<void>;
  /** Ask for consent to the privacy policy (every public form does; the staff sign-in does not). */
  askConsent?: boolean;
}

export type PublicForm<Values> = Form<WithConsent<Values>> & {
  consent: CheckboxBinding;
  captcha: ReturnType<typeof useCaptcha>;
  askConsent: boolean;
};

export function usePublicForm<Values extends object, Payload>({
  language,
  initial,
  schema,
  payloadOf = (values) => values,
  send,
  askConsent = true,
}: PublicFormOptions<Values, Payload>): PublicForm<Values> {
  const captcha = useCaptcha();
  const form = useForm<WithConsent<Values>, Payload>({
    language,
    initial: { ...initial, agreeWithDataPrivacy: false },
    schema,
    alsoShown: ['captchaSolution'],
    // Consent given (where asked) and the captcha solved.
    canSend: (values) => (values.agreeWithDataPrivacy || !askConsent) && captcha.solution !== undefined,
    payloadOf: ({ agreeWithDataPrivacy, ...values }) => ({
      ...payloadOf(values as unknown as Values),
      preferredLanguage: language,
      ...(askConsent ? { agreeWithDataPrivacy } : {}),
      captchaSolution: captcha.solution ?? '',
    }),
    send,
    // The solution is spent; a form that stays on screen needs a new one.
    onSent: captcha.reset,
    onFailed: (error) => {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
      if (fieldErrors.length === 0) console.error('[form] sending failed', error);
      // The server refused the solution, or may have spent it before failing (the staff
      // sign-in checks it before anything else) or before the answer got lost: the widget
      // starts over with a fresh puzzle, and the visitor sends again once it is solved.
      if (fieldErrors.length === 0 || fieldErrors.some((fieldError) => fieldError.field === 'captchaSolution')) captcha.reset();
    },
  });
  const consent = form.checkbox('agreeWithDataPrivacy' as PathOf<WithConsent<Values>, boolean>);
  return { ...form, consent, captcha, askConsent };
}

type LayoutForm = Pick<PublicForm<object>, 'onSubmit' | 'sending' | 'elsewhere' | 'idOf' | 'errorOf' | 'clearProblem' | 'consent' | 'captcha' | 'askConsent' | 'ready'>;

export interface FormLayoutProps {
  language: Language;
  form: LayoutForm;
  /** The form family's site-key call (`siteKeyCalls`). */
  siteKeyCall: SiteKeyCall;
  /** The text of the submit button; 'Send' by default. */
  submitLabel?: MessageKey;
  /** The puzzle endpoint of the captcha provider; the widget's default otherwise. */
  puzzleUrl?: string;
  /** The form's own fields, in their order. */
  children: ReactNode;
}

export function FormLayout({ language, form, siteKeyCall, submitLabel = 'forms.submit.send', puzzleUrl, children }: FormLayoutProps) {
  const t = (key: MessageKey) => translate(language, key);
  const { captcha } = form;
  return (
    <form className="form" noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
      <p className="form__note">{t('forms.requiredNote')}</p>
      <FormProblems texts={form.elsewhere} />
      {children}
      {form.askConsent && (
        <CheckboxField
          {...form.consent}
          required
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
        id={form.idOf('captchaSolution')}
        siteKeyCall={siteKeyCall}
        language={language}
        error={form.errorOf('captchaSolution')}
        resetSignal={captcha.resetSignal}
        onSolved={(solution) => {
          captcha.solved(solution);
          form.clearProblem('captchaSolution');
        }}
        onReset={captcha.clear}
        puzzleUrl={puzzleUrl}
      />
      <div className="form__actions">
        <SubmitButton
          id={form.idOf('submit')}
          ready={form.ready}
          busy={form.sending}
          label={t(form.sending ? 'forms.submit.sending' : submitLabel)}
          hint={t(form.askConsent ? 'forms.submit.hint' : 'forms.submit.captchaHint')}
        />
      </div>
    </form>
  );
}
