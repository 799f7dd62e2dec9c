import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { userCalls } from '#shared/contract/users.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { MessagesByLanguage } from '#shared/i18n/messages.ts';
import type { Enrolment } from '#shared/schemas/users.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { TextField } from '#client/ui/form/fields.tsx';
import { problemsFromApi, problemText, type Problems } from '#client/ui/form/problems.ts';
import { meQuery, useStaffMember } from '../staff.ts';

/** The field errors and the general refusal of a failed call, for a small form. */
function useRefusal() {
  const { language } = useLanguage();
  const [problems, setProblems] = useState<Problems>({});
  const [refusal, setRefusal] = useState<MessagesByLanguage>();
  return {
    errorOf: (field: string) => (problems[field] ? problemText(problems[field], language) : undefined),
    refusal: refusal?.[language],
    take(error: unknown) {
      if (!(error instanceof ApiError)) throw error;
      setProblems(problemsFromApi(error.fieldErrors));
      setRefusal(error.body.error?.messagesByLanguage);
    },
    clear() {
      setProblems({});
      setRefusal(undefined);
    },
  };
}

function Refusal({ text }: { text: string | undefined }) {
  return text ? (
    <div className="form__alert" role="alert">
      <p>{text}</p>
    </div>
  ) : null;
}

/**
 * `/app/admin-panel/account`: the signed-in staff member's own page: the second factor
 * (turn on with an authenticator app and ten recovery codes, turn off with the password),
 * the active sessions with a way to end them, and a new password.
 */
export default function AccountPage() {
  const t = useT();
  const me = useStaffMember();
  if (!me.data) return <p role="status">{t('admin.loading')}</p>;
  return (
    <div className="admin-account">
      <h1>{t('admin.account.title')}</h1>
      <p>{t('admin.account.signedInAs', { name: me.data.name, email: me.data.email })}</p>
      {me.data.secondFactorRequired && !me.data.secondFactorEnabled && (
        <p className="admin-alert" role="alert">
          {t('admin.account.secondFactorRequired')}
        </p>
      )}
      <SecondFactor enabled={me.data.secondFactorEnabled} />
      <Sessions />
      <ChangePassword />
    </div>
  );
}

function SecondFactor({ enabled }: { enabled: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const start = useRefusal();
  const confirm = useRefusal();

  const refreshMe = () => void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });

  async function begin(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    start.clear();
    try {
      if (enabled) {
        await callApi(userCalls.turnOffSecondFactor, { body: { password } });
        refreshMe();
      } else {
        setEnrolment(await callApi(userCalls.startSecondFactorEnrolment, { body: { password } }));
      }
      setPassword('');
    } catch (error) {
      start.take(error);
    }
  }

  async function finish(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    confirm.clear();
    try {
      const answer = await callApi(userCalls.confirmSecondFactor, { body: { code } });
      setRecoveryCodes(answer.recoveryCodes);
      setEnrolment(undefined);
      setCode('');
      refreshMe();
    } catch (error) {
      confirm.take(error);
    }
  }

  return (
    <section aria-labelledby="admin-account-2fa" className="admin-account__section">
      <h2 id="admin-account-2fa">{t('admin.account.secondFactor')}</h2>
      <p>{t(enabled ? 'admin.account.secondFactorOn' : 'admin.account.secondFactorOff')}</p>
      {recoveryCodes && (
        <div className="admin-account__codes" role="status">
          <p>{t('admin.account.recoveryCodes')}</p>
          <ul>
            {recoveryCodes.map((recoveryCode) => (
              <li key={recoveryCode}>
                <code>{recoveryCode}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {enrolment ? (
        <form className="form" noValidate onSubmit={(event) => void finish(event)}>
          <p>{t('admin.account.scan')}</p>
          <img className="admin-account__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`} alt={t('admin.account.qrAlt')} width={200} height={200} />
          <p>
            {t('admin.account.secret')} <code>{enrolment.secret}</code>
          </p>
          <Refusal text={confirm.refusal} />
          <TextField
            id="admin-account-code"
            label={t('admin.login.secondFactor.code')}
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            maxLength={64}
            required
            error={confirm.errorOf('code')}
          />
          <div className="form__actions">
            <button type="submit" className="admin-button" disabled={code.trim() === ''}>
              {t('admin.account.confirmCode')}
            </button>
          </div>
        </form>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void begin(event)}>
          <Refusal text={start.refusal} />
          <TextField
            id="admin-account-2fa-password"
            type="password"
            label={t('admin.account.currentPassword')}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            maxLength={1024}
            required
            error={start.errorOf('password')}
          />
          <div className="form__actions">
            <button type="submit" className="admin-button" disabled={password === ''}>
              {t(enabled ? 'admin.account.turnOff' : 'admin.account.turnOn')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Sessions() {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const sessionsQuery = apiQuery(userCalls.staffSessions, {});
  const sessions = useQuery(sessionsQuery);
  const end = useMutation({
    mutationFn: (id: string) => callApi(userCalls.endStaffSession, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
  return (
    <section aria-labelledby="admin-account-sessions" className="admin-account__section">
      <h2 id="admin-account-sessions">{t('admin.account.sessions')}</h2>
      {!sessions.data ? (
        <p role="status">{t(sessions.error ? 'admin.loadFailed' : 'admin.loading')}</p>
      ) : (
        <ul className="admin-account__sessions">
          {sessions.data.map((session) => (
            <li key={session.id}>
              <span>
                {session.userAgent ?? t('admin.account.unknownBrowser')} · {session.clientAddress ?? '–'} ·{' '}
                {t('admin.account.lastSeen', { date: formatDateTime(session.lastSeenAt, language) })}
              </span>
              {session.current ? (
                <strong>{t('admin.account.thisSession')}</strong>
              ) : (
                <button type="button" className="admin-button admin-button--secondary" disabled={end.isPending} onClick={() => end.mutate(session.id)}>
                  {t('admin.account.endSession')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ChangePassword() {
  const t = useT();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [saved, setSaved] = useState(false);
  const refusal = useRefusal();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    refusal.clear();
    setSaved(false);
    try {
      await callApi(userCalls.changePassword, { body: { currentPassword, newPassword } });
      setCurrentPassword('');
      setNewPassword('');
      setSaved(true);
    } catch (error) {
      refusal.take(error);
    }
  }

  return (
    <section aria-labelledby="admin-account-password" className="admin-account__section">
      <h2 id="admin-account-password">{t('admin.account.password')}</h2>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <Refusal text={refusal.refusal} />
        {saved && <p role="status">{t('admin.account.passwordChanged')}</p>}
        <TextField
          id="admin-account-current-password"
          type="password"
          label={t('admin.account.currentPassword')}
          value={currentPassword}
          onChange={setCurrentPassword}
          autoComplete="current-password"
          maxLength={1024}
          required
          error={refusal.errorOf('currentPassword')}
        />
        <TextField
          id="admin-account-new-password"
          type="password"
          label={t('admin.account.newPassword')}
          value={newPassword}
          onChange={setNewPassword}
          autoComplete="new-password"
          maxLength={128}
          required
          hint={t('admin.account.passwordRule')}
          error={refusal.errorOf('newPassword')}
        />
        <div className="form__actions">
          <button type="submit" className="admin-button" disabled={currentPassword === '' || newPassword === ''}>
            {t('admin.account.changePassword')}
          </button>
        </div>
      </form>
    </section>
  );
}
