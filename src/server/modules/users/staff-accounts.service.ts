import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';
import { checkNewPassword, generatePassword, hashPassword } from './passwords.ts';
import { normalizeEmail } from './staff-requests.ts';
import * as repo from './users.repository.ts';

const emailSchema = z.email({ error: 'error.invalidEmail' });

/** The first account, made when the server starts without ADMIN_EMAIL on an empty database. */
const demoStaffAccount = { email: 'staff@cybersafe-academy.example', name: 'Demo Staff' } as const;

/**
 * Staff accounts as the start-up and the staff CLI (`npm run staff`) manage them: no
 * request, no captcha. A password given by the operator follows the same rule as a
 * changed one (12–128 characters, not a common password).
 */
export function createStaffAccountsService(deps: { db: Db }) {
  const { db } = deps;

  async function userByEmail(email: string): Promise<repo.UserRow> {
    const user = await repo.findUserByEmail(db, normalizeEmail(email));
    if (!user) throw new AppError('notFound', 'error.users.noSuchAccount');
    return user;
  }

  return {
    /** Adds an account; its password is `password` or a generated one (answered, to show once). */
    async addStaff(input: { email: string; name?: string | undefined; password?: string | undefined }): Promise<{ email: string; password: string }> {
      const email = normalizeEmail(input.email);
      if (!emailSchema.safeParse(email).success) throw AppError.field('email', 'invalidEmail', 'error.invalidEmail');
      const password = input.password ?? generatePassword();
      checkNewPassword(password, 'password');
      const name = input.name?.trim() || email.split('@')[0] || email;
      const id = await repo.insertUser(db, { email, name, passwordHash: await hashPassword(password) });
      if (!id) throw new AppError('conflict', 'error.users.accountExists');
      return { email, password };
    },

    /** Sets a new password (given or generated) and ends the account's sessions. */
    async resetPassword(input: { email: string; password?: string | undefined }): Promise<{ email: string; password: string }> {
      const user = await userByEmail(input.email);
      const password = input.password ?? generatePassword();
      checkNewPassword(password, 'password');
      await repo.updatePasswordHash(db, user.id, await hashPassword(password));
      await repo.endSessionsOfUser(db, user.id);
      return { email: user.email, password };
    },

    /** Disables the account (it can no longer sign in) and ends its sessions. */
    async disableStaff(email: string): Promise<{ email: string }> {
      const user = await userByEmail(email);
      await repo.disableUser(db, user.id);
      await repo.endSessionsOfUser(db, user.id);
      return { email: user.email };
    },

    /** Turns the second factor off (a lost authenticator app, a new SECRET_KEY) and ends the account's sessions. */
    async resetSecondFactor(email: string): Promise<{ email: string }> {
      const user = await userByEmail(email);
      await repo.turnOffSecondFactor(db, user.id);
      await repo.endSessionsOfUser(db, user.id);
      return { email: user.email };
    },

    /**
     * At start: creates the account of ADMIN_EMAIL/ADMIN_PASSWORD when absent; without
     * them, on a database without any account, creates the demo account with a generated
     * password and answers it (once: the next start finds an account).
     */
    async ensureStartAccounts(admin: { email?: string | undefined; password?: string | undefined }): Promise<
      { created: 'admin'; email: string } | { created: 'demo'; email: string; password: string } | { created: null }
    > {
      if (admin.email && admin.password) {
        const email = normalizeEmail(admin.email);
        const id = await repo.insertUser(db, { email, name: 'Administrator', passwordHash: await hashPassword(admin.password) });
        return id ? { created: 'admin', email } : { created: null };
      }
      if ((await repo.countUsers(db)) > 0) return { created: null };
      const password = generatePassword();
      const id = await repo.insertUser(db, { ...demoStaffAccount, passwordHash: await hashPassword(password) });
      return id ? { created: 'demo', email: demoStaffAccount.email, password } : { created: null };
    },
  };
}

export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;
