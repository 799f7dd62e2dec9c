import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { userCalls } from '#shared/contract/users.ts';
import { translate, type MessagesByLanguage } from '#shared/i18n/messages.ts';
import { loginSchema, type Login } from '#shared/schemas/users.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { SubmitButton, TextField } from '#client/ui/form/fields.tsx';
import { FormLayout } from '#client/ui/form/form-layout.tsx';
import { LanguageButtons } from '#client/ui/language-buttons.tsx';
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

  /** A refused sign-in (wrong credentials, too many attempts) is said above the form, in the current language. */
  function refuse(error: unknown): void {
    if (!(error instanceof ApiError) || error.fieldErrors.length > 0 || !error.body.error) throw error;
    setRefusal(error.body.error.messagesByLanguage);
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  async function signIn(payload: Login): Promise<void> {
    setRefusal(undefined);
    try {
      const answer = await callApi(userCalls.login, { body: payload });
      if ('secondFactorRequired' in answer) setSecondFactor(true);
      else await enter();
    } catch (error) {
      refuse(error);
    }
  }

  return (
    <main id="main" className="app-main admin-login">
      <div className="admin-login__top">
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
          <FormLayout
            language={language}
            fields={['email', 'password']}
            schema={loginSchema}
            siteKeyCall={siteKeyCalls.signIn}
            askConsent={false}
            submitLabel="admin.login.submit"
            onSubmit={signIn}
          />
        </>
      )}
    </main>
  );
}

function SecondFactorForm({ onDone, onRefused, onRestart }: { onDone: () => Promise<void>; onRefused: (error: unknown) => void; onRestart: () => void }) {
  const { language } = useLanguage();
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending || code.trim() === '') return;
    setSending(true);
    try {
      await callApi(userCalls.loginSecondFactor, { body: { code } });
      await onDone();
    } catch (error) {
      setCode('');
      onRefused(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending}>
      <h2>{translate(language, 'admin.login.secondFactor.title')}</h2>
      <p>{translate(language, 'admin.login.secondFactor.intro')}</p>
      <TextField
        id="admin-second-factor-code"
        name="code"
        label={translate(language, 'admin.login.secondFactor.code')}
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
        maxLength={64}
        required
      />
      <div className="form__actions">
        <SubmitButton
          id="admin-second-factor-submit"
          ready={code.trim() !== ''}
          busy={sending}
          label={translate(language, sending ? 'admin.login.secondFactor.sending' : 'admin.login.secondFactor.submit')}
          hint={translate(language, 'admin.login.secondFactor.hint')}
        />
        <button type="button" className="admin-button admin-button--secondary" onClick={onRestart}>
          {translate(language, 'admin.login.secondFactor.restart')}
        </button>
      </div>
    </form>
  );
}
