import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { signInFailures, staffInvitations, staffMembers, staffRecoveryCodes, staffSessions } from '#server/modules/staff/staff.schema.ts';
import { secondsAgo, type SessionOwner } from '#server/plugins/staff-session.ts';
import { cookies } from '#shared/cookies.ts';
import type { StaffRole } from '#shared/staff-roles.ts';
import type { ThrottleLimits } from './sign-in-throttle.ts';

export type StaffAccountRow = typeof staffMembers.$inferSelect;

const t = staffMembers;

// ---- accounts -------------------------------------------------------------------------

export async function findAccountByEmail(db: Db, email: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.email, email));
  return row;
}

/** The e-mails of the accounts with these ids. */
export async function findEmailsByIds(db: Db, ids: string[]): Promise<{ id: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db.select({ id: t.id, email: t.email }).from(t).where(inArray(t.id, ids));
}

export async function findAccountById(db: Db, id: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.id, id));
  return row;
}

export async function countAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t);
  return row?.n ?? 0;
}

/** Inserts the account unless one has the e-mail already; its id when inserted. Without a role it is an editor. */
export async function insertAccount(db: Db, user: { email: string; name: string; passwordHash: string; role?: StaffRole }): Promise<string | undefined> {
  const [row] = await db.insert(t).values(user).onConflictDoNothing({ target: t.email }).returning({ id: t.id });
  return row?.id;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(t).set({ passwordHash, updatedAt: sql`now()` }).where(eq(t.id, userId));
}

export async function disableAccount(db: Db, userId: string): Promise<void> {
  await db.update(t).set({ disabledAt: sql`coalesce(${t.disabledAt}, now())`, updatedAt: sql`now()` }).where(eq(t.id, userId));
}

export async function enableAccount(db: Db, userId: string): Promise<void> {
  await db.update(t).set({ disabledAt: null, updatedAt: sql`now()` }).where(eq(t.id, userId));
}

export async function setRole(db: Db, userId: string, role: StaffRole): Promise<void> {
  await db.update(t).set({ role, updatedAt: sql`now()` }).where(eq(t.id, userId));
}

/**
 * Locks the rows of the active admins (FOR UPDATE) and answers their ids: two admins
 * demoting or disabling each other at once are judged one after the other, so the last
 * one always stays.
 */
export async function lockActiveAdmins(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.role, 'admin'), isNull(t.disabledAt)))
    .orderBy(asc(t.id))
    .for('update');
  return rows.map((row) => row.id);
}

export interface AccountRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabledAt: Date | null;
  totpEnabledAt: Date | null;
  createdAt: Date;
  openSessions: number;
}

/** Every account with its open sessions, the active ones first, then by e-mail. */
export async function listAccounts(db: Db): Promise<AccountRow[]> {
  const open = db
    .select({ userId: staffSessions.staffMemberId, n: count().as('n') })
    .from(staffSessions)
    .innerJoin(t, eq(t.id, staffSessions.staffMemberId))
    .where(isActiveSession())
    .groupBy(staffSessions.staffMemberId)
    .as('open');
  const rows = await db
    .select({
      id: t.id,
      email: t.email,
      name: t.name,
      role: t.role,
      disabledAt: t.disabledAt,
      totpEnabledAt: t.totpEnabledAt,
      createdAt: t.createdAt,
      openSessions: sql<number>`coalesce(${open.n}, 0)::int`,
    })
    .from(t)
    .leftJoin(open, eq(open.userId, t.id))
    .orderBy(sql`${t.disabledAt} is not null`, asc(t.email));
  return rows;
}

// ---- invitations ------------------------------------------------------------------------

const inv = staffInvitations;
export type InvitationRow = typeof inv.$inferSelect;

/** An invitation that still works: not used, not withdrawn, not expired. */
const isOpenInvitation = () => and(isNull(inv.acceptedAt), isNull(inv.withdrawnAt), gt(inv.expiresAt, sql`now()`));

export async function insertInvitation(
  db: Db,
  invitation: { tokenHash: string; email: string; role: StaffRole; language: string; invitedBy: string; validSeconds: number },
): Promise<string> {
  const [row] = await db
    .insert(inv)
    .values({
      tokenHash: invitation.tokenHash,
      email: invitation.email,
      role: invitation.role,
      language: invitation.language,
      invitedBy: invitation.invitedBy,
      expiresAt: sql`now() + make_interval(secs => ${Math.trunc(invitation.validSeconds)}::int)`,
    })
    .returning({ id: inv.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Withdraws the open invitations to an address (a new one replaces them), or the one with `id`; the e-mails withdrawn. */
export async function withdrawInvitations(db: Db, which: { email: string } | { id: string }): Promise<string[]> {
  const rows = await db
    .update(inv)
    .set({ withdrawnAt: sql`now()` })
    .where(and('email' in which ? eq(inv.email, which.email) : eq(inv.id, which.id), isOpenInvitation()))
    .returning({ email: inv.email });
  return rows.map((row) => row.email);
}

/** The open invitation of a link's token; `lock`: FOR UPDATE, for accepting it once. */
export async function findOpenInvitation(db: Db, tokenHash: string, lock = false): Promise<InvitationRow | undefined> {
  const query = db.select().from(inv).where(and(eq(inv.tokenHash, tokenHash), isOpenInvitation()));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markInvitationAccepted(db: Db, id: string): Promise<void> {
  await db.update(inv).set({ acceptedAt: sql`now()` }).where(eq(inv.id, id));
}

/** The invitations to an address that were never accepted (open, withdrawn or expired), deleted at the person's erasure. */
export async function deleteInvitationsNotAccepted(db: Db, email: string): Promise<void> {
  await db.delete(inv).where(and(eq(inv.email, email), isNull(inv.acceptedAt)));
}

export async function listOpenInvitations(db: Db): Promise<InvitationRow[]> {
  return db.select().from(inv).where(isOpenInvitation()).orderBy(desc(inv.createdAt));
}

// ---- second factor ----------------------------------------------------------------------

/** Starts (or restarts) enrolment: a new secret, the second factor still off. */
export async function setPendingTotpSecret(db: Db, userId: string, sealed: string): Promise<void> {
  await db.update(t).set({ totpSecret: sealed, totpEnabledAt: null, updatedAt: sql`now()` }).where(and(eq(t.id, userId), isNull(t.totpEnabledAt)));
}

/**
 * Replaces the sealed TOTP state if it is still `expected` (another request that accepted
 * a code in between makes this return false); `enable` also turns the second factor on.
 */
export async function replaceTotpState(db: Db, userId: string, expected: string, sealed: string, enable = false): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ totpSecret: sealed, ...(enable ? { totpEnabledAt: sql`now()`, updatedAt: sql`now()` } : {}) })
    .where(and(eq(t.id, userId), eq(t.totpSecret, expected), enable ? isNull(t.totpEnabledAt) : sql`${t.totpEnabledAt} is not null`))
    .returning({ id: t.id });
  return rows.length > 0;
}

export async function turnOffSecondFactor(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(t).set({ totpSecret: null, totpEnabledAt: null, updatedAt: sql`now()` }).where(eq(t.id, userId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffMemberId, userId));
  });
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffMemberId, userId));
  await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffMemberId: userId, codeHash })));
}

/** Marks an unused recovery code used, in one statement (a code works once, also when sent twice at the same time). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffRecoveryCodes.staffMemberId, userId), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

// ---- sessions ---------------------------------------------------------------------------

const s = staffSessions;

export async function insertSession(
  db: Db,
  session: { idHash: string; userId: string; lifetimeSeconds: number; pendingSecondFactor: boolean; userAgent: string | null; clientAddress: string | null },
): Promise<void> {
  await db.insert(s).values({
    idHash: session.idHash,
    staffMemberId: session.userId,
    expiresAt: sql`now() + ${sql.raw(`interval '${Math.trunc(session.lifetimeSeconds)} seconds'`)}`,
    pendingSecondFactor: session.pendingSecondFactor,
    userAgent: session.userAgent,
    clientAddress: session.clientAddress,
  });
}

/** The account of a session that waits for the second factor and may still get it. */
export async function findPendingSessionAccount(db: Db, idHash: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db
    .select({ user: t })
    .from(s)
    .innerJoin(t, eq(t.id, s.staffMemberId))
    .where(and(eq(s.idHash, idHash), eq(s.pendingSecondFactor, true), isNull(s.endedAt), gt(s.expiresAt, sql`now()`), isNull(t.disabledAt)));
  return row?.user;
}

/** Ends the session (also one waiting for the second factor); its account when it was open. */
export async function endSession(db: Db, idHash: string): Promise<StaffAccountRow | undefined> {
  const [ended] = await db.update(s).set({ endedAt: sql`now()` }).where(and(eq(s.idHash, idHash), isNull(s.endedAt))).returning({ userId: s.staffMemberId });
  if (!ended) return undefined;
  return findAccountById(db, ended.userId);
}

/** Ends every session of the account, but `exceptIdHash`. */
export async function endSessionsOfAccount(db: Db, userId: string, exceptIdHash?: string): Promise<void> {
  await db
    .update(s)
    .set({ endedAt: sql`now()` })
    .where(and(eq(s.staffMemberId, userId), isNull(s.endedAt), exceptIdHash ? ne(s.idHash, exceptIdHash) : undefined));
}

export interface SessionRow {
  idHash: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  clientAddress: string | null;
}

/** The account's sessions that are open now, the most recently used first. */
export async function listActiveSessions(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select({ idHash: s.idHash, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, userAgent: s.userAgent, clientAddress: s.clientAddress })
    .from(s)
    .innerJoin(t, eq(t.id, s.staffMemberId))
    .where(and(eq(s.staffMemberId, userId), isActiveSession()))
    .orderBy(desc(s.lastSeenAt), asc(s.createdAt));
}

/** Ends the account's open session whose hash starts with `idPrefix`; false when there is none. */
export async function endSessionByPrefix(db: Db, userId: string, idPrefix: string): Promise<boolean> {
  const rows = await db
    .update(s)
    .set({ endedAt: sql`now()` })
    .where(and(eq(s.staffMemberId, userId), isNull(s.endedAt), sql`left(${s.idHash}, ${idPrefix.length}::int) = ${idPrefix}`))
    .returning({ idHash: s.idHash });
  return rows.length > 0;
}

// ---- failed sign-ins ---------------------------------------------------------------------

const f = signInFailures;

/** Advisory lock namespace (any fixed number of ours). */
const lockOfClient = 727_102;

/**
 * Counts the failures of the last window of this e-mail address from this client and of
 * the client, and when both are under their limit, records one more failure at once: the
 * attempt holds its slot while the password is checked, and the caller removes the row
 * again when the sign-in succeeds. Attempts from one client are serialised by a
 * transaction-scoped advisory lock of the client (both counts are of its rows), so
 * parallel attempts cannot all see the same count: at most `perEmailAndClient` passwords
 * of one address are ever checked per window and client.
 * Accepted: the failures of the e-mail address from every client, for the delay.
 * Refused: the seconds until the oldest counted failure leaves the window.
 */
export async function reserveAttempt(
  db: Db,
  attempt: { email: string; clientAddress: string },
  limits: ThrottleLimits,
): Promise<{ failureId: string; failuresOfEmail: number } | { retryAfterSeconds: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockOfClient}::int, hashtext(${attempt.clientAddress}))`);
    const windowStart = secondsAgo(limits.windowSeconds);
    // The client's old rows go first: only attempts holding its lock delete them, so two
    // never wait on each other's rows (the address's rows of other clients are theirs, or
    // `pruneFailures`'s).
    await tx.delete(f).where(and(eq(f.clientAddress, attempt.clientAddress), lt(f.at, windowStart)));
    const waitOf = sql<number>`coalesce(ceil(extract(epoch from min(${f.at}) + ${sql.raw(`interval '${limits.windowSeconds} seconds'`)} - now())), 1)::int`;
    const inWindow = gt(f.at, windowStart);
    const [byPair] = await tx
      .select({ n: count(), wait: waitOf })
      .from(f)
      .where(and(eq(f.email, attempt.email), eq(f.clientAddress, attempt.clientAddress), inWindow));
    const [byClient] = await tx.select({ n: count(), wait: waitOf }).from(f).where(and(eq(f.clientAddress, attempt.clientAddress), inWindow));
    // Other clients' attempts for the address may add rows meanwhile: this count only sets a delay.
    const [byEmail] = await tx.select({ n: count() }).from(f).where(and(eq(f.email, attempt.email), inWindow));
    const waits: number[] = [];
    if (byPair && byPair.n >= limits.perEmailAndClient) waits.push(byPair.wait);
    if (byClient && byClient.n >= limits.perClient) waits.push(byClient.wait);
    if (waits.length > 0) return { retryAfterSeconds: Math.max(1, ...waits) };
    const [row] = await tx.insert(f).values({ email: attempt.email, clientAddress: attempt.clientAddress }).returning({ id: f.id });
    if (!row) throw new Error('insert returned no row');
    return { failureId: row.id, failuresOfEmail: byEmail?.n ?? 0 };
  });
}

/** The attempt succeeded: its reserved failure does not count. */
export async function forgetFailure(db: Db, failureId: string): Promise<void> {
  await db.delete(f).where(eq(f.id, failureId));
}

/** Removes the failures of an address, whatever their age (a person's erasure). */
export async function deleteFailuresOf(db: Db, email: string): Promise<void> {
  await db.delete(f).where(eq(f.email, email));
}

/** Removes every failure older than the window. */
export async function pruneFailures(db: Db, windowSeconds: number): Promise<void> {
  await db.delete(f).where(lt(f.at, secondsAgo(windowSeconds)));
}

// ---- the session check of every staff call (src/server/plugins/staff-session.ts) ----------

/** Writing `last_seen_at` at most once a minute spares a write per request. */
const lastSeenResolutionSeconds = 60;

/** The conditions of a session that opens the back office (the full one, not waiting for a code). */
function isActiveSession() {
  return and(
    isNull(staffSessions.endedAt),
    eq(staffSessions.pendingSecondFactor, false),
    gt(staffSessions.expiresAt, sql`now()`),
    gt(staffSessions.createdAt, secondsAgo(cookies.session.maxAgeSeconds)),
    gt(staffSessions.lastSeenAt, secondsAgo(cookies.session.idleSeconds)),
    isNull(staffMembers.disabledAt),
  );
}

/** The staff member of a valid session by its id's hash; refreshes its `last_seen_at`. */
export async function findActiveSession(db: Db, idHash: string): Promise<SessionOwner | undefined> {
  const [row] = await db
    .select({
      id: staffMembers.id,
      email: staffMembers.email,
      name: staffMembers.name,
      role: staffMembers.role,
      totpEnabledAt: staffMembers.totpEnabledAt,
      seenLongAgo: sql<boolean>`${staffSessions.lastSeenAt} < ${secondsAgo(lastSeenResolutionSeconds)}`,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffMemberId))
    .where(and(eq(staffSessions.idHash, idHash), isActiveSession()));
  if (!row) return undefined;
  if (row.seenLongAgo) {
    await db.update(staffSessions).set({ lastSeenAt: sql`now()` }).where(eq(staffSessions.idHash, idHash));
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role, secondFactorEnabled: row.totpEnabledAt !== null };
}
