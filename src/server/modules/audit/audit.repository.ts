import { and, count, desc, eq, gte, ilike, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/modules/audit/audit.schema.ts';
import { defaultTimeZone } from '#shared/dates.ts';
import type { AuditFilter } from '#shared/schemas/staff-admin.ts';

export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;

const a = auditLog;

/** Advisory lock of the pruning (any fixed number of ours): one copy prunes at a time, the others skip. */
const pruneLock = 727_104;

export async function insertAuditRow(db: Db, row: NewAuditLogRow): Promise<void> {
  await db.insert(a).values(row);
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The start of a day in Swiss time, as an instant (`days` later). */
const startOfSwissDay = (isoDate: string, days = 0) =>
  sql`((${isoDate}::date + ${days}::int)::timestamp at time zone ${defaultTimeZone})`;

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.actor) conditions.push(ilike(a.actorEmail, `%${likeText(filter.actor)}%`));
  if (filter.targetKind) conditions.push(eq(a.targetKind, filter.targetKind));
  if (filter.targetId) conditions.push(eq(a.targetId, filter.targetId));
  if (filter.action) conditions.push(filter.action.endsWith('.') ? like(a.action, `${likeText(filter.action)}%`) : eq(a.action, filter.action));
  if (filter.outcome) conditions.push(eq(a.outcome, filter.outcome));
  if (filter.fromDate) conditions.push(gte(a.at, startOfSwissDay(filter.fromDate)));
  if (filter.toDate) conditions.push(lt(a.at, startOfSwissDay(filter.toDate, 1)));
  return and(...conditions);
}

/** One page of the rows the filter finds, newest first, and how many it finds. */
export async function findAuditPage(db: Db, filter: AuditFilter, page: number, pageSize: number): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = whereOf(filter);
  const [counted] = await db.select({ n: count() }).from(a).where(where);
  const rows = await db
    .select()
    .from(a)
    .where(where)
    .orderBy(desc(a.at), desc(a.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: counted?.n ?? 0 };
}

/** Every row the filter finds, newest first, at most `limit`. */
export async function findAuditRows(db: Db, filter: AuditFilter, limit: number): Promise<AuditLogRow[]> {
  return db.select().from(a).where(whereOf(filter)).orderBy(desc(a.at), desc(a.id)).limit(limit);
}

/**
 * Deletes the rows past the retention period through the function of migration 0019, which
 * runs as the table's owner and reads the retention from audit_log_settings (the app's
 * role may not delete rows itself on PostgreSQL with two roles). Under the advisory lock,
 * taken without waiting: when another copy prunes now, this one deletes nothing. Answers
 * how many rows went, or null when another copy held the lock.
 */
export async function pruneAuditRows(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${pruneLock}::int) as locked`);
    if ((result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked !== true) return null;
    const pruned = await tx.execute(sql`select audit_log_prune() as pruned`);
    return (pruned as unknown as { rows: { pruned: number }[] }).rows[0]?.pruned ?? 0;
  });
}

/**
 * A person's erasure, inside its transaction, through the function of migration 0019 (it
 * runs as the table's owner): in every row that names them (as the one who acted, as the
 * target by e-mail or contact id, or in the summary) their e-mail address becomes
 * `pseudonym`, and a row they made loses its client address. Answers how many rows changed.
 */
export async function pseudonymiseAuditRows(tx: Db, person: { email: string; contactId: string | null }, pseudonym: string): Promise<number> {
  const changed = await tx.execute(sql`select audit_log_pseudonymise(${person.email}, ${person.contactId}::uuid, ${pseudonym}) as changed`);
  return (changed as unknown as { rows: { changed: number }[] }).rows[0]?.changed ?? 0;
}
