import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { StaffMember } from '#server/plugins/staff-session.ts';
import { AppError } from '#shared/errors.ts';
import * as repo from './staff.repository.ts';

/** Who is asking, for the session's record, the throttle and the log (every line names the client address). */
export interface RequestContext {
  clientAddress: string;
  userAgent: string | undefined;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/** Staff accounts are found by their address, trimmed and lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * A line of the staff log. It names the client address, which the request log leaves
 * out: to tell an owner's typing mistakes from someone guessing, and where from.
 */
export function logStaff(context: RequestContext, fields: { email: string } & Record<string, unknown>, message: string): void {
  context.log.info({ ...fields, clientAddress: context.clientAddress }, message);
}

/** The account of the signed-in staff member, while it may still be used (401 once disabled). */
export async function signedInAccount(db: Db, staff: StaffMember): Promise<repo.StaffAccountRow> {
  const user = await repo.findAccountById(db, staff.id);
  if (!user || user.disabledAt) throw new AppError('unauthorized');
  return user;
}

/**
 * Refuses (409) a change that would leave the shop without an active admin: demoting or
 * disabling the last one. Locks the active admins first (staff.repository.ts), so two such
 * changes at once are judged one after the other; call it inside the change's transaction.
 */
export async function refuseLosingLastAdmin(tx: Db, userId: string): Promise<void> {
  const admins = await repo.lockActiveAdmins(tx);
  if (admins.length === 1 && admins[0] === userId) throw new AppError('conflict', 'error.staff.lastAdmin');
}
