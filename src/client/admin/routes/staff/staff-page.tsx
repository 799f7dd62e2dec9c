import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { staffAdminCalls } from '#shared/contract/staff-admin.ts';
import { formatDateTime } from '#shared/dates.ts';
import { languages } from '#shared/locales.ts';
import { invitationSchema, type StaffAccount, type StaffOverview } from '#shared/schemas/staff-admin.ts';
import { staffRoles, type StaffRole } from '#shared/staff-roles.ts';
import { callApi } from '#client/lib/api.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { translate } from '#client/lib/translate.ts';
import { FormProblems, SelectField, TextField } from '#client/ui/form/fields.tsx';
import { problemText, refusalOf, serverFailureOf } from '#client/ui/form/problems.ts';
import { useForm } from '#client/ui/form/use-form.ts';
import { LoadFailed } from '../../load-failed.tsx';
import { TableScroll } from '../../table-scroll.tsx';

const overviewQuery = () => apiQuery(staffAdminCalls.staffOverview, {});

/**
 * `/app/admin-panel/staff`, admins only (docs/product/staff-roles.md): every account with
 * its role, status, second factor and open sessions, and what an admin does with them
 * (change the role, disable or enable, turn the second factor off, end the sessions; not
 * for their own account, which the page offers nothing that would lock them out of), the
 * invitation form and the open invitations. Each action answers the new overview.
 */
export default function StaffPage() {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const overview = useQuery(overviewQuery());
  const [notice, setNotice] = useState<string>();
  const change = useMutation({
    mutationFn: (run: () => Promise<StaffOverview>) => run(),
    onMutate: () => setNotice(undefined),
    onSuccess: (data) => {
      queryClient.setQueryData(overviewQuery().queryKey, data);
      setNotice(t('adminStaff.saved'));
    },
  });
  // Why a change of an account failed: as a form says it (the server's failure, else its reason).
  const refusal = change.error ? (serverFailureOf(change.error) ?? refusalOf(change.error)) : undefined;

  if (overview.isPending) return <p role="status">{t('admin.loading')}</p>;
  if (overview.error || !overview.data) return <LoadFailed query={overview} />;
  const { accounts, invitations } = overview.data;
  const roleOptions = staffRoles.map((role) => ({ value: role, label: t(`staffRole.${role}`) }));

  return (
    <div className="admin-staff">
      <div className="admin-page-head">
        <h1>{t('adminStaff.title')}</h1>
      </div>
      <p>{t('adminStaff.roles')}</p>
      {notice && !change.error && <p role="status">{notice}</p>}
      {refusal && (
        <p className="admin-alert" role="alert">
          {problemText(refusal, language)}
        </p>
      )}
      <TableScroll label={t('adminStaff.title')}>
        <table className="admin-table">
          <caption className="admin-sr-only">{t('adminStaff.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminStaff.column.name')}</th>
              <th scope="col">{t('adminStaff.column.email')}</th>
              <th scope="col">{t('adminStaff.column.role')}</th>
              <th scope="col">{t('adminStaff.column.status')}</th>
              <th scope="col">{t('adminStaff.column.secondFactor')}</th>
              <th scope="col">{t('adminStaff.column.sessions')}</th>
              <th scope="col">{t('adminStaff.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <AccountRow key={account.id} account={account} roleOptions={roleOptions} busy={change.isPending} run={(call) => change.mutate(call)} />
            ))}
          </tbody>
        </table>
      </TableScroll>

      <InviteForm onInvited={(data, email) => {
        queryClient.setQueryData(overviewQuery().queryKey, data);
        setNotice(t('adminStaff.invite.sent', { email }));
      }} />

      <section aria-labelledby="admin-staff-invitations">
        <h2 id="admin-staff-invitations">{t('adminStaff.invitations.title')}</h2>
        {invitations.length === 0 ? (
          <p>{t('adminStaff.invitations.none')}</p>
        ) : (
          <TableScroll label={t('adminStaff.invitations.title')}>
            <table className="admin-table">
              <caption className="admin-sr-only">{t('adminStaff.invitations.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('adminStaff.column.email')}</th>
                  <th scope="col">{t('adminStaff.column.role')}</th>
                  <th scope="col">{t('adminStaff.invitations.invitedBy')}</th>
                  <th scope="col">{t('adminStaff.invitations.expires')}</th>
                  <th scope="col">{t('adminStaff.column.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((invitation) => (
                  <tr key={invitation.id}>
                    <td>{invitation.email}</td>
                    <td>{t(`staffRole.${invitation.role}`)}</td>
                    <td>{invitation.invitedBy}</td>
                    <td>{formatDateTime(invitation.expiresAt, language)}</td>
                    <td>
                      <button
                        type="button"
                        className="admin-button admin-button--secondary"
                        disabled={change.isPending}
                        onClick={() => change.mutate(() => callApi(staffAdminCalls.withdrawInvitation, { params: { id: invitation.id } }))}
                      >
                        {t('adminStaff.invitations.withdraw')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </div>
  );
}

/** One account: its facts, and the admin's actions on it (only the session's end for the own account). */
function AccountRow({
  account,
  roleOptions,
  busy,
  run,
}: {
  account: StaffAccount;
  roleOptions: { value: StaffRole; label: string }[];
  busy: boolean;
  run: (call: () => Promise<StaffOverview>) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const params = { id: account.id };
  return (
    <tr>
      <td>
        {account.name} {account.you && t('adminStaff.you')}
      </td>
      <td>{account.email}</td>
      <td>
        {account.you ? (
          t(`staffRole.${account.role}`)
        ) : (
          <SelectField
            id={`staff-role-${account.id}`}
            label={t('adminStaff.roleOf', { email: account.email })}
            className="admin-staff__role"
            value={account.role}
            options={roleOptions}
            language={language}
            placeholder="whenEmpty"
            onChange={(role) => run(() => callApi(staffAdminCalls.changeStaffRole, { params, body: { role: role as StaffRole } }))}
          />
        )}
      </td>
      <td>{t(account.disabled ? 'adminStaff.disabled' : 'adminStaff.active')}</td>
      <td>{t(account.secondFactorEnabled ? 'adminStaff.secondFactorOn' : 'adminStaff.secondFactorOff')}</td>
      <td>{account.openSessions}</td>
      <td className="admin-staff__actions">
        {!account.you &&
          (account.disabled ? (
            <button type="button" className="admin-button admin-button--secondary" disabled={busy} onClick={() => run(() => callApi(staffAdminCalls.enableStaff, { params }))}>
              {t('adminStaff.enable')}
            </button>
          ) : (
            <button type="button" className="admin-button admin-button--danger" disabled={busy} onClick={() => run(() => callApi(staffAdminCalls.disableStaff, { params }))}>
              {t('adminStaff.disable')}
            </button>
          ))}
        {account.secondFactorEnabled && !account.you && (
          <button
            type="button"
            className="admin-button admin-button--secondary"
            disabled={busy}
            onClick={() => run(() => callApi(staffAdminCalls.turnOffStaffSecondFactor, { params }))}
          >
            {t('adminStaff.turnOffSecondFactor')}
          </button>
        )}
        {account.openSessions > (account.you ? 1 : 0) && (
          <button type="button" className="admin-button admin-button--secondary" disabled={busy} onClick={() => run(() => callApi(staffAdminCalls.endStaffSessions, { params }))}>
            {t('adminStaff.endSessions')}
          </button>
        )}
      </td>
    </tr>
  );
}

/** The invitation: address, role (editor unless chosen), the language of its mail. */
function InviteForm({ onInvited }: { onInvited: (overview: StaffOverview, email: string) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const form = useForm({
    language,
    initial: { email: '', role: 'editor', language: language as string },
    schema: invitationSchema,
    canSend: (values) => values.email.trim() !== '',
    refusalOf,
    send: async (body) => {
      onInvited(await callApi(staffAdminCalls.inviteStaff, { body }), body.email);
    },
    onSent: () => {
      form.restart();
    },
  });
  const roleBinding = form.field('role');
  const languageBinding = form.field('language');

  return (
    <section aria-labelledby="admin-staff-invite">
      <h2 id="admin-staff-invite">{t('adminStaff.invite.title')}</h2>
      <p>{t('adminStaff.invite.intro')}</p>
      <form className="form admin-staff__invite" noValidate onSubmit={form.onSubmit}>
        <FormProblems texts={form.elsewhere} />
        <TextField {...form.field('email')} type="email" label={t('adminStaff.invite.email')} autoComplete="off" maxLength={254} required />
        <SelectField
          {...roleBinding}
          label={t('adminStaff.invite.role')}
          options={staffRoles.map((role) => ({ value: role, label: t(`staffRole.${role}`) }))}
          language={language}
          placeholder="whenEmpty"
        />
        <SelectField
          {...languageBinding}
          label={t('adminStaff.invite.language')}
          options={languages.map((option) => ({ value: option, label: translate(language, `common.language.${option}`) }))}
          language={language}
          placeholder="whenEmpty"
        />
        <div className="form__actions">
          <button type="submit" className="admin-button" disabled={!form.ready || form.sending}>
            {t(form.sending ? 'adminStaff.invite.sending' : 'adminStaff.invite.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
