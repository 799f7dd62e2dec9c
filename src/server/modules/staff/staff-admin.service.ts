import type { Db } from '#server/db/client.ts';
import type { AuditActor, AuditService } from '#server/modules/audit/audit.service.ts';
import type { MailSettings } from '#server/modules/mail/mail-senders.rules.ts';
import type { OutboxService } from '#server/modules/mail/outbox.service.ts';
import type { CurrentStaffSession, StaffMember } from '#server/plugins/staff-session.ts';
import { AppError } from '#shared/errors.ts';
import { adminBasePath, adminPaths } from '#shared/paths.ts';
import type { AcceptInvitation, InvitationRequest, StaffOverview } from '#shared/schemas/staff-admin.ts';
import type { StaffRole } from '#shared/staff-roles.ts';
import { createLinkToken, hashLinkToken } from '../contacts/link-tokens.rules.ts';
import { checkNewPassword, hashPassword } from './passwords.ts';
import { invitationMail } from './staff-invitation.mails.ts';
import { logStaff, normalizeEmail, refuseLosingLastAdmin, type RequestContext } from './staff-requests.ts';
import * as repo from './staff.repository.ts';

/** An invitation's link works this long. */
const invitationValidDays = 7;

/**
 * The staff page of the back office (docs/product/staff-roles.md), admins only: the
 * accounts with their roles, invitations by a one-time link mailed through the outbox,
 * role changes, disabling, turning a second factor off, ending sessions; and the
 * invitation link, with which the invitee creates their account. Each change and its
 * audit row are one transaction. An admin cannot demote or disable their own account
 * here (that needs another admin, so nobody locks themselves out by a slip), and the last
 * active admin stays one.
 */
export function createStaffAdminService(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  outbox: Pick<OutboxService, 'queue'>;
  mail: MailSettings;
  publicUrl: string;
  onMailQueued: () => void;
}) {
  const { db, audit, outbox, mail, publicUrl, onMailQueued } = deps;
  const target = (id: string) => ({ kind: 'staff', id });

  async function overview(admin: Pick<StaffMember, 'id'>, tx: Db = db): Promise<StaffOverview> {
    // One after the other: in a transaction both would go to its one connection at once.
    const accounts = await repo.listAccounts(tx);
    const invitations = await repo.listOpenInvitations(tx);
    return {
      accounts: accounts.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        disabled: row.disabledAt !== null,
        secondFactorEnabled: row.totpEnabledAt !== null,
        openSessions: row.openSessions,
        createdAt: row.createdAt.toISOString(),
        you: row.id === admin.id,
      })),
      invitations: invitations.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        invitedBy: row.invitedBy,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      })),
    };
  }

  /** Runs a change to another account in one transaction with its audit row; the overview afterwards. */
  async function changeAccount(
    admin: StaffMember,
    userId: string,
    change: (user: repo.StaffAccountRow, tx: Db) => Promise<{ action: string; summary: string } | undefined>,
    options: { notYourself?: boolean } = {},
  ): Promise<StaffOverview> {
    await db.transaction(async (tx) => {
      const user = await repo.findAccountById(tx, userId);
      if (!user) throw new AppError('notFound', 'error.staff.accountNotFound');
      if (options.notYourself && user.id === admin.id) throw new AppError('conflict', 'error.staff.notYourself');
      const done = await change(user, tx);
      if (done) await audit.record(admin, { action: done.action, target: target(user.id), summary: done.summary }, tx);
    });
    return overview(admin);
  }

  return {
    /** `GET /api/admin/staff`. */
    overview,

    /**
     * `POST /api/admin/staff/invitations`: withdraws earlier open invitations to the address,
     * stores the new one (only its token's hash) and queues the mail with the link, in one
     * transaction. 409 when an account with the address exists.
     */
    async invite(admin: StaffMember, input: InvitationRequest): Promise<StaffOverview> {
      const email = normalizeEmail(input.email);
      await db.transaction(async (tx) => {
        if (await repo.findAccountByEmail(tx, email)) throw new AppError('conflict', 'error.staff.alreadyStaff');
        await repo.withdrawInvitations(tx, { email });
        const { token, hash } = createLinkToken();
        const id = await repo.insertInvitation(tx, {
          tokenHash: hash,
          email,
          role: input.role,
          language: input.language,
          invitedBy: admin.email,
          validSeconds: invitationValidDays * 24 * 60 * 60,
        });
        const link = new URL(`${adminBasePath}${adminPaths.invitation(token)}`, publicUrl).toString();
        await outbox.queue(mail, { to: email, ...invitationMail({ language: input.language, invitedBy: admin.name || admin.email, role: input.role, link, validDays: invitationValidDays }) }, tx);
        await audit.record(admin, { action: 'staff.invite', target: { kind: 'invitation', id }, summary: `${email} invited as ${input.role}` }, tx);
      });
      onMailQueued();
      return overview(admin);
    },

    /** `DELETE /api/admin/staff/invitations/:id`. */
    async withdrawInvitation(admin: StaffMember, id: string): Promise<StaffOverview> {
      await db.transaction(async (tx) => {
        const [email] = await repo.withdrawInvitations(tx, { id });
        if (!email) throw new AppError('notFound');
        await audit.record(admin, { action: 'staff.withdrawInvitation', target: { kind: 'invitation', id }, summary: `invitation of ${email} withdrawn` }, tx);
      });
      return overview(admin);
    },

    /** `PUT /api/admin/staff/:id/role`: not the own account, and never the last active admin's. */
    changeRole(admin: StaffMember, userId: string, role: StaffRole): Promise<StaffOverview> {
      return changeAccount(
        admin,
        userId,
        async (user, tx) => {
          if (user.role === role) return undefined;
          if (role !== 'admin') await refuseLosingLastAdmin(tx, user.id);
          await repo.setRole(tx, user.id, role);
          return { action: 'staff.role', summary: `${user.email}: ${user.role} → ${role}` };
        },
        { notYourself: true },
      );
    },

    /** `POST /api/admin/staff/:id/disable`: ends the account's sessions; not the own account, and never the last active admin. */
    disable(admin: StaffMember, userId: string): Promise<StaffOverview> {
      return changeAccount(
        admin,
        userId,
        async (user, tx) => {
          if (user.disabledAt) return undefined;
          await refuseLosingLastAdmin(tx, user.id);
          await repo.disableAccount(tx, user.id);
          await repo.endSessionsOfAccount(tx, user.id);
          return { action: 'staff.disable', summary: `${user.email} disabled; sessions ended` };
        },
        { notYourself: true },
      );
    },

    /** `POST /api/admin/staff/:id/enable`. */
    enable(admin: StaffMember, userId: string): Promise<StaffOverview> {
      return changeAccount(admin, userId, async (user, tx) => {
        if (!user.disabledAt) return undefined;
        await repo.enableAccount(tx, user.id);
        return { action: 'staff.enable', summary: `${user.email} enabled` };
      });
    },

    /** `DELETE /api/admin/staff/:id/second-factor`: for a lost authenticator app; the account's sessions end. */
    turnOffSecondFactor(admin: StaffMember, userId: string): Promise<StaffOverview> {
      return changeAccount(admin, userId, async (user, tx) => {
        if (!user.totpEnabledAt && !user.totpSecret) return undefined;
        await repo.turnOffSecondFactor(tx, user.id);
        await repo.endSessionsOfAccount(tx, user.id);
        return { action: 'staff.secondFactorOff', summary: `second factor of ${user.email} turned off; sessions ended` };
      });
    },

    /** `DELETE /api/admin/staff/:id/sessions`: every open session of the account; of the admin's own, every other one. */
    endSessions(admin: StaffMember, session: CurrentStaffSession, userId: string): Promise<StaffOverview> {
      return changeAccount(admin, userId, async (user, tx) => {
        await repo.endSessionsOfAccount(tx, user.id, user.id === admin.id ? session.idHash : undefined);
        return { action: 'staff.endSessions', summary: `sessions of ${user.email} ended` };
      });
    },

    /** `GET /api/users/invitations/:token`: the invitation of an open link, else 404. */
    async invitation(token: string): Promise<{ email: string; role: StaffRole }> {
      const invitation = await repo.findOpenInvitation(db, hashLinkToken(token));
      if (!invitation) throw new AppError('notFound', 'error.staff.invitationNotFound');
      return { email: invitation.email, role: invitation.role };
    },

    /**
     * `POST /api/users/invitations/:token`: creates the account with the invitation's
     * address and role and the invitee's name and password, and uses the link up, in one
     * transaction (the invitation row is locked: a link opens one account, also when sent
     * twice at once). The invitee then signs in as anybody.
     */
    async acceptInvitation(token: string, input: AcceptInvitation, context: RequestContext): Promise<void> {
      checkNewPassword(input.password, 'password');
      // The link is looked at before the password is hashed: a made-up token costs one lookup, not an argon2 run.
      if (!(await repo.findOpenInvitation(db, hashLinkToken(token)))) throw new AppError('notFound', 'error.staff.invitationNotFound');
      const passwordHash = await hashPassword(input.password);
      const email = await db.transaction(async (tx) => {
        const invitation = await repo.findOpenInvitation(tx, hashLinkToken(token), true);
        if (!invitation) throw new AppError('notFound', 'error.staff.invitationNotFound');
        const id = await repo.insertAccount(tx, { email: invitation.email, name: input.name, passwordHash, role: invitation.role });
        if (!id) throw new AppError('conflict', 'error.staff.alreadyStaff');
        await repo.markInvitationAccepted(tx, invitation.id);
        const actor: AuditActor = { email: invitation.email, role: invitation.role, clientAddress: context.clientAddress };
        await audit.record(actor, { action: 'staff.acceptInvitation', target: target(id), summary: `account created as ${invitation.role}, invited by ${invitation.invitedBy}` }, tx);
        return invitation.email;
      });
      logStaff(context, { email }, 'staff invitation accepted');
    },
  };
}

export type StaffAdminService = ReturnType<typeof createStaffAdminService>;
