import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { commandLineActor, systemActor, type AuditService } from '#server/modules/audit/audit.service.ts';
import { AppError } from '#shared/errors.ts';
import { defaultStaffRole, type StaffRole } from '#shared/staff-roles.ts';
import { checkNewPassword, generatePassword, hashPassword } from './passwords.ts';
import { normalizeEmail, refuseLosingLastAdmin } from './staff-requests.ts';
import * as repo from './staff.repository.ts';

const emailSchema = z.email({ error: 'error.invalidEmail' });

/** The first account, made when the server starts without ADMIN_EMAIL on an empty database. */
const demoStaffAccount = { email: 'staff@cybersafe-academy.example', name: 'Demo Staff' } as const;

/**
 * Staff accounts as the start-up and the staff CLI (`npm run staff`) manage them: no
 * request, no captcha. A password given by the operator follows the same rule as a
 * changed one (12–128 characters, not a common password). Every change is written to the
 * audit log in its transaction, by "command line" (or "system" at start).
 */
export function createStaffAccountsService(deps: { db: Db; audit: Pick<AuditService, 'record'> }) {
  const { db, audit } = deps;
  const account = (user: { id: string }) => ({ kind: 'staff', id: user.id });

  async function accountByEmail(tx: Db, email: string): Promise<repo.StaffAccountRow> {
    const user = await repo.findAccountByEmail(tx, normalizeEmail(email));
    if (!user) throw new AppError('notFound', 'error.staff.noSuchAccount');
    return user;
  }

  return {
    /** Adds an account (an editor unless `role` says otherwise); its password is `password` or a generated one (answered, to show once). */
    async addStaff(input: {
      email: string;
      name?: string | undefined;
      password?: string | undefined;
      role?: StaffRole | undefined;
    }): Promise<{ email: string; password: string; role: StaffRole }> {
      const email = normalizeEmail(input.email);
      if (!emailSchema.safeParse(email).success) throw AppError.field('email', 'invalidEmail', 'error.invalidEmail');
      const password = input.password ?? generatePassword();
      checkNewPassword(password, 'password');
      const name = input.name?.trim() || email.split('@')[0] || email;
      const role = input.role ?? defaultStaffRole;
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const id = await repo.insertAccount(tx, { email, name, passwordHash, role });
        if (!id) throw new AppError('conflict', 'error.staff.accountExists');
        await audit.record(commandLineActor, { action: 'staff.add', target: account({ id }), summary: `${email} added as ${role}` }, tx);
      });
      return { email, password, role };
    },

    /** Gives the account another role; the last active admin keeps theirs (409). */
    async setRole(email: string, role: StaffRole): Promise<{ email: string; role: StaffRole }> {
      return db.transaction(async (tx) => {
        const user = await accountByEmail(tx, email);
        if (role !== 'admin') await refuseLosingLastAdmin(tx, user.id);
        await repo.setRole(tx, user.id, role);
        await audit.record(commandLineActor, { action: 'staff.role', target: account(user), summary: `${user.email}: ${user.role} → ${role}` }, tx);
        return { email: user.email, role };
      });
    },

    /** Sets a new password (given or generated) and ends the account's sessions. */
    async resetPassword(input: { email: string; password?: string | undefined }): Promise<{ email: string; password: string }> {
      const password = input.password ?? generatePassword();
      checkNewPassword(password, 'password');
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const user = await accountByEmail(tx, input.email);
        await repo.updatePasswordHash(tx, user.id, passwordHash);
        await repo.endSessionsOfAccount(tx, user.id);
        await audit.record(commandLineActor, { action: 'staff.password', target: account(user), summary: `new password for ${user.email}; sessions ended` }, tx);
        return { email: user.email, password };
      });
    },

    /** Disables the account (it can no longer sign in) and ends its sessions; never the last active admin (409). */
    async disableStaff(email: string): Promise<{ email: string }> {
      return db.transaction(async (tx) => {
        const user = await accountByEmail(tx, email);
        await refuseLosingLastAdmin(tx, user.id);
        await repo.disableAccount(tx, user.id);
        await repo.endSessionsOfAccount(tx, user.id);
        await audit.record(commandLineActor, { action: 'staff.disable', target: account(user), summary: `${user.email} disabled; sessions ended` }, tx);
        return { email: user.email };
      });
    },

    /** Turns the second factor off (a lost authenticator app, a new SECRET_KEY) and ends the account's sessions. */
    async resetSecondFactor(email: string): Promise<{ email: string }> {
      return db.transaction(async (tx) => {
        const user = await accountByEmail(tx, email);
        await repo.turnOffSecondFactor(tx, user.id);
        await repo.endSessionsOfAccount(tx, user.id);
        await audit.record(commandLineActor, { action: 'staff.secondFactorOff', target: account(user), summary: `second factor of ${user.email} turned off; sessions ended` }, tx);
        return { email: user.email };
      });
    },

    /**
     * At start: creates the account of ADMIN_EMAIL/ADMIN_PASSWORD when absent and makes it
     * an admin (again, should its role have been changed); without them, on a database
     * without any account, creates the demo account, an admin, with a generated password
     * and answers it (once: the next start finds an account).
     */
    async ensureStartAccounts(admin: { email?: string | undefined; password?: string | undefined }): Promise<
      { created: 'admin'; email: string } | { created: 'demo'; email: string; password: string } | { created: null }
    > {
      if (admin.email && admin.password) {
        const email = normalizeEmail(admin.email);
        const passwordHash = await hashPassword(admin.password);
        return db.transaction(async (tx) => {
          const id = await repo.insertAccount(tx, { email, name: 'Administrator', passwordHash, role: 'admin' });
          if (id) {
            await audit.record(systemActor, { action: 'staff.add', target: account({ id }), summary: `${email} (ADMIN_EMAIL) added as admin` }, tx);
            return { created: 'admin', email } as const;
          }
          const existing = await repo.findAccountByEmail(tx, email);
          if (existing && existing.role !== 'admin') {
            await repo.setRole(tx, existing.id, 'admin');
            await audit.record(systemActor, { action: 'staff.role', target: account(existing), summary: `${email} (ADMIN_EMAIL): ${existing.role} → admin` }, tx);
          }
          return { created: null };
        });
      }
      if ((await repo.countAccounts(db)) > 0) return { created: null };
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const id = await repo.insertAccount(tx, { ...demoStaffAccount, passwordHash, role: 'admin' });
        if (!id) return { created: null } as const;
        await audit.record(systemActor, { action: 'staff.add', target: account({ id }), summary: `${demoStaffAccount.email} (demo) added as admin` }, tx);
        return { created: 'demo', email: demoStaffAccount.email, password } as const;
      });
    },
  };
}

export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;
