import { entityKind, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/** What node-postgres's client and pool have in common: the one method a statement needs. */
interface PgQueryable {
  query(config: { text: string; types: unknown }, values: unknown[]): Promise<unknown>;
}

/** The drizzle session of PostgreSQL (pool or a transaction's client), told apart without loading `pg` (docs/decisions/052-quick-start.md). */
function nodePostgresClient(db: Db): PgQueryable | undefined {
  const session = db._.session as unknown as { client?: PgQueryable; constructor: { [entityKind]?: string } };
  return session.constructor[entityKind] === 'NodePgSession' ? session.client : undefined;
}

/** Time and date columns come back as PostgreSQL's text, as Drizzle's node-postgres driver leaves them. */
const keptAsText = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);

/**
 * The type parsers of a plain statement, as Drizzle's node-postgres driver sets them;
 * anything else is parsed as node-postgres does.
 */
function typesLike(builtIn: { getTypeParser(typeId: number, format?: string): unknown }) {
  return {
    getTypeParser: (typeId: number, format?: string) => (keptAsText.has(typeId) ? (text: string) => text : builtIn.getTypeParser(typeId, format)),
  };
}

let pgTypes: ReturnType<typeof typesLike> | undefined;

/**
 * A plain SQL statement whose text is built once, when the module loads, with named
 * placeholders (`sql.placeholder('orderId')`) for the values of each run. For the busiest
 * calls: Drizzle builds a long `sql` statement anew on every `db.execute` (several hundred
 * chunks for the add-to-cart statement), and a text that is the same string every time
 * is found at once among the prepared statements (docs/decisions/006-cart-sql.md).
 *
 * On PostgreSQL the statement goes to node-postgres directly, with the result Drizzle would
 * give (its type parsers): Drizzle's prepared query is made anew on every run, with two
 * configurations and their parsers, and wraps the run in its tracing, which costs the
 * busiest calls more than the rest of their statement's work in this process
 * (docs/decisions/078-cart-calls-lean-per-request.md).
 */
export function builtOnce<Values extends Record<string, unknown>>(statement: SQL): (db: Db, values: Values) => Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  return async (db, values) => {
    const client = nodePostgresClient(db);
    if (!client) return db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
    pgTypes ??= typesLike((await import('pg')).default.types);
    return client.query({ text: query.sql, types: pgTypes }, fillPlaceholders(query.params, values));
  };
}

/**
 * Ids as one `uuid[]` parameter, for `id = any(…)`: the statement's text and its prepared
 * plan are the same for any number of ids, and a batch of a thousand is one value to send
 * (docs/decisions/076-billing-batches-of-a-thousand.md).
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The rows of a raw statement's result (`db.execute`): both drivers answer them as `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
