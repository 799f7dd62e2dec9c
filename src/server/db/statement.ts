import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * A plain SQL statement whose text is built once, when the module loads, with named
 * placeholders (`sql.placeholder('orderId')`) for the values of each run. For the busiest
 * calls: Drizzle builds a long `sql` statement anew on every `db.execute` (several hundred
 * chunks for the add-to-cart statement), and a text that is the same string every time
 * is found at once among the prepared statements (docs/decisions/006-cart-sql.md).
 */
export function builtOnce<Values extends Record<string, unknown>>(statement: SQL): (db: Db, values: Values) => Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  return (db, values) => db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
}
