import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { staffCalls } from '#shared/contract/staff.ts';
import type { MessagesByLanguage } from '#shared/i18n/catalogue.ts';
import { translate } from '#client/lib/translate.ts';
import { formLimits } from '#shared/schemas/forms.ts';
import { loginSchema, secondFactorCodeSchema, type Login } from '#shared/schemas/staff.ts';
import { ApiError, callApi, isServerFailure } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { FormProblems, SubmitButton, TextField } from '#client/ui/form/fields.tsx';
import { FormLayout, usePublicForm } from '#client/ui/form/form-layout.tsx';
import { EmailField } from '#client/ui/form/public-fields.tsx';
import { useForm } from '#client/ui/form/use-form.ts';
import { LanguageButtons } from '#client/ui/language-buttons.tsx';
import { Logo } from '#client/ui/site-frame/logo.tsx';
import { safeAdminReturn } from '../safe-return.ts';
import { meQuery } from '../staff.ts';

/**
 * `/app/admin-panel/login` (also reached from `/admin-panel/login`): e-mail, password and
 * the sign-in captcha in the shared form layout, then, for staff with a second factor, the
 * code. Afterwards the staff member returns to the page they came from, if it is one of
 * the back office's.
 */
export default function LoginPage() {
  const { language } = useLanguage();
  const t = useT();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<MessagesByLanguage>();
  const [secondFactor, setSecondFactor] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  async function enter(): Promise<void> {
    await queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
    void navigate(safeAdminReturn(searchParams.get('from')), { replace: true });
  }

  /**
   * A refused sign-in (wrong credentials, too many attempts) is said above the form, in the
   * current language; field errors and a failure of the server are the form's to show.
   */
  function refuse(error: unknown): void {
    if (!(error instanceof ApiError) || isServerFailure(error) || error.fieldErrors.length > 0 || !error.body.error) throw error;
    setRefusal(error.body.error.messagesByLanguage);
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  const form = usePublicForm({
    language,
    initial: { email: '', password: '' },
    schema: loginSchema,
    askConsent: false,
    send: async (payload: Login) => {
      setRefusal(undefined);
      try {
        const answer = await callApi(staffCalls.login, { body: payload });
        if ('secondFactorRequired' in answer) setSecondFactor(true);
        else await enter();
      } catch (error) {
        refuse(error);
      }
    },
  });

  return (
    <main id="main" className="app-main admin-login">
      <div className="admin-login__top">
        <p className="admin-login__brand">
          <Logo />
          <span>
            {t('common.siteName')} <span className="admin-header__area">{t('admin.title')}</span>
          </span>
        </p>
        <LanguageButtons />
      </div>
      <h1>{t('admin.login.title')}</h1>
      {refusal && (
        <div ref={alertRef} className="form__alert" role="alert" tabIndex={-1}>
          <p>{refusal[language]}</p>
        </div>
      )}
      {secondFactor ? (
        <SecondFactorForm
          onDone={enter}
          onRefused={refuse}
          onRestart={() => {
            setRefusal(undefined);
            setSecondFactor(false);
          }}
        />
      ) : (
        <>
          <p>{t('admin.login.intro')}</p>
          <FormLayout language={language} form={form} siteKeyCall={siteKeyCalls.signIn} submitLabel="admin.login.submit">
            <EmailField {...form.field('email')} language={language} />
            <TextField
              {...form.field('password')}
              type="password"
              label={t('forms.password.label')}
              autoComplete="current-password"
              maxLength={formLimits.password}
              required
            />
          </FormLayout>
        </>
      )}
    </main>
  );
}

function SecondFactorForm({ onDone, onRefused, onRestart }: { onDone: () => Promise<void>; onRefused: (error: unknown) => void; onRestart: () => void }) {
  const { language } = useLanguage();
  const form = useForm({
    language,
    initial: { code: '' },
    schema: secondFactorCodeSchema,
    canSend: ({ code }) => code.trim() !== '',
    send: async (payload) => {
      await callApi(staffCalls.loginSecondFactor, { body: payload });
      await onDone();
    },
    // A refusal is said above the form, by the page, and a code is tried once; a failure of
    // the server is said by the form, and the code stays for another try.
    onFailed: (error) => {
      if (isServerFailure(error)) return;
      form.restart();
      onRefused(error);
    },
  });

  return (
    <form className="form" noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
      <h2>{translate(language, 'admin.login.secondFactor.title')}</h2>
      <p>{translate(language, 'admin.login.secondFactor.intro')}</p>
      <FormProblems texts={form.elsewhere} />
      <TextField
        {...form.field('code')}
        id="admin-second-factor-code"
        label={translate(language, 'admin.login.secondFactor.code')}
        autoComplete="one-time-code"
        maxLength={64}
        required
      />
      <div className="form__actions">
        <SubmitButton
          id="admin-second-factor-submit"
          ready={form.ready}
          busy={form.sending}
          label={translate(language, form.sending ? 'admin.login.secondFactor.sending' : 'admin.login.secondFactor.submit')}
          hint={translate(language, 'admin.login.secondFactor.hint')}
        />
        <button type="button" className="admin-button admin-button--secondary" onClick={onRestart}>
          {translate(language, 'admin.login.secondFactor.restart')}
        </button>
      </div>
    </form>
  );
}
