import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { staffAdminCalls } from '#shared/contract/staff-admin.ts';
import { adminPaths } from '#shared/paths.ts';
import { acceptInvitationSchema } from '#shared/schemas/staff-admin.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { FormProblems, TextField } from '#client/ui/form/fields.tsx';
import { refusalOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { LanguageButtons } from '#client/ui/language-buttons.tsx';

/**
 * `/app/admin-panel/invitation/{token}`, where an invitation's mail leads
 * (docs/product/staff-roles.md): the invitee sees the address and role, chooses a name and
 * a password (the rules of every staff password) and then signs in. An unknown, expired,
 * withdrawn or used link says so.
 */
export default function InvitationPage() {
  const t = useT();
  const { language } = useLanguage();
  const { token = '' } = useParams();
  const invitation = useQuery(apiQuery(staffAdminCalls.invitation, { params: { token } }));
  const [done, setDone] = useState(false);
  const form = useForm({
    language,
    initial: { name: '', password: '' },
    schema: acceptInvitationSchema,
    canSend: (values) => values.name.trim() !== '' && values.password !== '',
    refusalOf,
    send: async (body) => {
      await callApi(staffAdminCalls.acceptInvitation, { params: { token }, body });
    },
    onSent: () => {
      setDone(true);
    },
  });

  const gone = invitation.error instanceof ApiError ? invitation.error.body.error?.messagesByLanguage[language] : undefined;

  return (
    <main id="main" className="app-main admin-login">
      <div className="admin-login__top">
        <LanguageButtons />
      </div>
      <h1>{t('adminInvitation.title')}</h1>
      {invitation.isPending ? (
        <p role="status">{t('admin.loading')}</p>
      ) : gone || !invitation.data ? (
        <p className="admin-alert" role="alert">
          {gone ?? t('admin.loadFailed')}
        </p>
      ) : done ? (
        <>
          <p role="status">{t('adminInvitation.done')}</p>
          <Link className="admin-button" to={adminPaths.login()}>
            {t('adminInvitation.signIn')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('adminInvitation.intro', { email: invitation.data.email, role: t(`staffRole.${invitation.data.role}`) })}</p>
          <form className="form" noValidate onSubmit={form.onSubmit}>
            <FormProblems texts={form.elsewhere} />
            <TextField {...form.field('name')} label={t('adminInvitation.name')} autoComplete="name" maxLength={100} required />
            <TextField
              {...form.field('password')}
              type="password"
              label={t('adminInvitation.password')}
              autoComplete="new-password"
              maxLength={128}
              required
              hint={t('admin.account.passwordRule')}
            />
            <div className="form__actions">
              <button type="submit" className="admin-button" disabled={!form.ready || form.sending}>
                {t(form.sending ? 'adminInvitation.sending' : 'adminInvitation.submit')}
              </button>
            </div>
          </form>
        </>
      )}
    </main>
  );
}
