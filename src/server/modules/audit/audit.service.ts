import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { csvDocument } from '#server/http/csv.ts';
import { createPeriodicJob } from '#server/http/periodic-job.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import type { AuditFilter, AuditOutcome, AuditPage, AuditQuery, AuditRow } from '#shared/schemas/staff-admin.ts';
import type { StaffRole } from '#shared/staff-roles.ts';
import * as repo from './audit.repository.ts';

/**
 * The audit log (docs/product/audit-log.md): one row per staff change, refused staff call,
 * sign-in and export. The module owns the table; other modules write through `record`,
 * inside the transaction of the change they record, so the change and its row are saved
 * together or not at all. Rows are never updated (the table's trigger refuses it, and on
 * PostgreSQL with two roles the app's role may only add and read rows), only pseudonymised
 * when a person is erased and pruned after the retention period, both through the
 * database's own functions (migration 0019).
 */

/** Who acted: a staff member (their e-mail, role, client address), the system or the command line. */
export interface AuditActor {
  email: string;
  role: StaffRole | null;
  clientAddress: string | null;
}

/** What the server does on its own (start-up, jobs). */
export const systemActor: AuditActor = { email: 'system', role: null, clientAddress: null };
/** The operator at the server's command line (`npm run staff`). */
export const commandLineActor: AuditActor = { email: 'command line', role: null, clientAddress: null };

/** One thing that happened. `summary` says what changed, never a password, code or token. */
export interface AuditEvent {
  /** `area.verb`: `order.INVOICE`, `staff.role`, `signIn`, `export.orders`, … */
  action: string;
  target?: { kind: string; id: string } | undefined;
  outcome?: AuditOutcome;
  summary?: string;
}

/** A summary is a short line: longer ones are cut here, once for every caller. */
const summaryLimit = 500;
/** The most rows one CSV export holds; a narrower filter finds the rest. */
const exportLimit = 100_000;
/** The pruning runs at start and then daily. */
const pruneIntervalMs = 24 * 60 * 60 * 1000;

const csvColumns = ['at', 'actorEmail', 'actorRole', 'clientAddress', 'action', 'targetKind', 'targetId', 'outcome', 'summary'] as const;

function rowOf(row: repo.AuditLogRow): AuditRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorEmail: row.actorEmail,
    actorRole: row.actorRole,
    clientAddress: row.clientAddress,
    action: row.action,
    targetKind: row.targetKind,
    targetId: row.targetId,
    outcome: row.outcome,
    summary: row.summary,
  };
}

export function createAuditService(deps: {
  db: Db;
  secretKey: string;
  log?: FastifyBaseLogger;
  /** Wraps the periodic pruning as the metrics count jobs (`metrics.timedJob`); as it is without. */
  timed?: (run: () => Promise<number>) => () => Promise<number>;
}) {
  const { db, secretKey } = deps;

  /** Writes one row, in the transaction `tx` of what it records. */
  async function record(actor: AuditActor, event: AuditEvent, tx: Db): Promise<void> {
    await repo.insertAuditRow(tx, {
      actorEmail: actor.email,
      actorRole: actor.role,
      clientAddress: actor.clientAddress,
      action: event.action,
      targetKind: event.target?.kind ?? null,
      targetId: event.target?.id ?? null,
      outcome: event.outcome ?? 'success',
      summary: (event.summary ?? '').slice(0, summaryLimit),
    });
  }

  /** Deletes the rows past the retention period (AUDIT_RETENTION_DAYS, as the start recorded it); null when another copy prunes now. */
  async function prune(): Promise<number | null> {
    return repo.pruneAuditRows(db);
  }

  // Another copy pruning at the same moment counts as nothing pruned here.
  const timedPrune = (deps.timed ?? ((run) => run))(async () => (await prune()) ?? 0);
  /** Prunes at start and then daily (with the other workers, `startWorkers`). */
  const pruning = createPeriodicJob(
    () =>
      timedPrune()
        .then((count) => {
          if (count) deps.log?.info({ count }, 'audit log rows past the retention period pruned');
        })
        .catch((error: unknown) => deps.log?.error({ err: error }, 'pruning the audit log failed')),
    pruneIntervalMs,
  );

  return {
    record,
    prune,

    /** `GET /api/admin/audit`. */
    async page(query: AuditQuery): Promise<AuditPage> {
      const { page, pageSize, ...filter } = query;
      const { rows, total } = await repo.findAuditPage(db, filter, page, pageSize);
      return { results: rows.map(rowOf), page, pageSize, totalResults: total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
    },

    /**
     * `GET /api/admin/audit/export.csv`: the rows the filter finds, newest first, with the
     * header in `language`; the export itself is recorded in the same transaction, after
     * the rows are read (it is not in the file).
     */
    async exportCsv(filter: AuditFilter, language: Language, actor: AuditActor): Promise<string> {
      return db.transaction(async (tx) => {
        const rows = await repo.findAuditRows(tx, filter, exportLimit);
        const described = Object.entries(filter)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => `${key}=${String(value)}`)
          .join(', ');
        await record(actor, { action: 'export.audit', summary: `${rows.length} rows${described ? `; ${described}` : ''}` }, tx);
        return csvDocument(
          csvColumns.map((column) => translate(language, `auditCsv.${column}`)),
          rows.map((row) => [row.at.toISOString(), row.actorEmail, row.actorRole, row.clientAddress, row.action, row.targetKind, row.targetId, row.outcome, row.summary]),
        );
      });
    },

    /**
     * A person's erasure, inside its transaction (the contacts module): their e-mail address
     * in the log becomes a pseudonym, the same for every row of theirs, which cannot be
     * turned back into the address without SECRET_KEY. Answers the pseudonym, for the
     * other texts that named the address (an order's notes).
     */
    async pseudonymise(person: { email: string; contactId: string | null }, tx: Db): Promise<string> {
      const pseudonym = `erased-${createHmac('sha256', secretKey).update(person.email.toLowerCase()).digest('hex').slice(0, 16)}`;
      await repo.pseudonymiseAuditRows(tx, person, pseudonym);
      return pseudonym;
    },

    start: pruning.start,
    /** Stops the timer and waits for a pruning in progress. */
    stop: pruning.stop,
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
