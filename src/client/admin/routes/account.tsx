import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { staffCalls } from '#shared/contract/staff.ts';
import { changePasswordSchema, passwordConfirmationSchema, secondFactorCodeSchema, type Enrolment } from '#shared/schemas/staff.ts';
import { callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { FormProblems, TextField } from '#client/ui/form/fields.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { meQuery, useStaffMember } from '../staff.ts';

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
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  const refreshMe = () => void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });

  const start = useForm({
    language,
    initial: { password: '' },
    schema: passwordConfirmationSchema,
    canSend: ({ password }) => password !== '',
    refusalOf,
    send: async (body) => {
      if (enabled) {
        await callApi(staffCalls.turnOffSecondFactor, { body });
        refreshMe();
      } else {
        setEnrolment(await callApi(staffCalls.startSecondFactorEnrolment, { body }));
      }
    },
    onSent: () => {
      start.restart();
    },
  });

  const confirm = useForm({
    language,
    initial: { code: '' },
    schema: secondFactorCodeSchema,
    canSend: ({ code }) => code.trim() !== '',
    refusalOf,
    send: async (body) => {
      const answer = await callApi(staffCalls.confirmSecondFactor, { body });
      setRecoveryCodes(answer.recoveryCodes);
      setEnrolment(undefined);
      refreshMe();
    },
    onSent: () => {
      confirm.restart();
    },
  });

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
        <form className="form" noValidate onSubmit={confirm.onSubmit}>
          <p>{t('admin.account.scan')}</p>
          <img className="admin-account__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`} alt={t('admin.account.qrAlt')} width={200} height={200} />
          <p>
            {t('admin.account.secret')} <code>{enrolment.secret}</code>
          </p>
          <FormProblems texts={confirm.elsewhere} />
          <TextField {...confirm.field('code')} label={t('admin.login.secondFactor.code')} autoComplete="one-time-code" maxLength={64} required />
          <div className="form__actions">
            <button type="submit" className="admin-button" disabled={!confirm.ready}>
              {t('admin.account.confirmCode')}
            </button>
          </div>
        </form>
      ) : (
        <form className="form" noValidate onSubmit={start.onSubmit}>
          <FormProblems texts={start.elsewhere} />
          <TextField
            {...start.field('password')}
            type="password"
            label={t('admin.account.currentPassword')}
            autoComplete="current-password"
            maxLength={1024}
            required
          />
          <div className="form__actions">
            <button type="submit" className="admin-button" disabled={!start.ready}>
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
  const sessionsQuery = apiQuery(staffCalls.staffSessions, {});
  const sessions = useQuery(sessionsQuery);
  const end = useMutation({
    mutationFn: (id: string) => callApi(staffCalls.endStaffSession, { params: { id } }),
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
  const { language } = useLanguage();
  const [saved, setSaved] = useState(false);
  const form = useForm({
    language,
    initial: { currentPassword: '', newPassword: '' },
    schema: changePasswordSchema,
    canSend: (values) => values.currentPassword !== '' && values.newPassword !== '',
    refusalOf,
    send: async (body) => {
      await callApi(staffCalls.changePassword, { body });
    },
    onSent: () => {
      form.restart();
      setSaved(true);
    },
  });

  return (
    <section aria-labelledby="admin-account-password" className="admin-account__section">
      <h2 id="admin-account-password">{t('admin.account.password')}</h2>
      <form className="form" noValidate onSubmit={form.onSubmit}>
        <FormProblems texts={form.elsewhere} />
        {saved && form.edited === undefined && <p role="status">{t('admin.account.passwordChanged')}</p>}
        <TextField
          {...form.field('currentPassword')}
          type="password"
          label={t('admin.account.currentPassword')}
          autoComplete="current-password"
          maxLength={1024}
          required
        />
        <TextField
          {...form.field('newPassword')}
          type="password"
          label={t('admin.account.newPassword')}
          autoComplete="new-password"
          maxLength={128}
          required
          hint={t('admin.account.passwordRule')}
        />
        <div className="form__actions">
          <button type="submit" className="admin-button" disabled={!form.ready}>
            {t('admin.account.changePassword')}
          </button>
        </div>
      </form>
    </section>
  );
}
