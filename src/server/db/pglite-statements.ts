import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * PGlite's own `query()` parses and plans every statement anew and talks to the engine
 * six times per query (parse, describe, bind, describe, execute, sync). For the cart's
 * query that is about 1.1 ms, of which planning is most. This client keeps each distinct
 * statement text prepared under a name and sends bind, describe, execute and sync in one
 * message: the same query then costs about 0.3 ms (docs/decisions/017-pglite-prepared-statements.md).
 *
 * It offers what Drizzle's PGlite driver calls (`query`, `transaction`) with PGlite's
 * semantics: parameters are serialised by the types PostgreSQL inferred for them, rows
 * are parsed with PGlite's parsers (and the caller's), one statement runs at a time, and
 * a statement outside a transaction waits for running transactions.
 */
const { serialize } = protocol;

/** Statements kept prepared; the least recently used one is closed beyond this. */
const maxStatements = 500;

interface Statement {
  name: string;
  paramTypes: number[];
}

/** The part of PGlite that Drizzle's driver uses. */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * How many statements that may have changed data ran so far: a statement that is not a
   * plain `select` counts before it runs. Equal counts mean the data has not changed in
   * between, as nothing but this client writes to the database.
   */
  writeCount(): number;
}

/** A statement that reads only: `select …` (a `with` query may write, so it counts as a change). */
const readOnly = /^\s*select\b/i;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function withPreparedStatements(pg: PGlite): PgliteClient {
  // Map order is use order: the first entry is the least recently used.
  const statements = new Map<string, Statement>();
  let counter = 0;
  let writes = 0;
  /** Close messages of evicted statements, sent with the next statement. */
  let pendingClose: Uint8Array[] = [];
  const takePendingClose = () => {
    const taken = pendingClose;
    pendingClose = [];
    return taken;
  };

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `pglite_s${++counter}`;
    const { messages } = await pg.execProtocol(
      concat([...takePendingClose(), serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    if (statements.size > maxStatements) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      pendingClose.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    return statement;
  }

  /** Runs one statement; the caller holds PGlite's query lock. */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    if (!readOnly.test(text)) writes++;
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const { paramTypes } = statement;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? pg.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await pg.execProtocol(
      concat([...takePendingClose(), serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    if (!inTransaction) await pg.syncToFs();
    // PGlite merges the caller's parsers into its own (hundreds of types) by copying them
    // on every query; a prototype chain gives the same lookups without the copy.
    const parsers = options?.parsers ? Object.assign(Object.create(pg.parsers) as typeof pg.parsers, options.parsers) : pg.parsers;
    return parse.parseResults(messages, parsers, { ...options, parsers: undefined })[0] as Results<T>;
  }

  return {
    writeCount: () => writes,
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
      return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run<T>(text, params, options, false)));
    },
    transaction<T>(callback: (tx: Transaction) => Promise<T>) {
      return pg.transaction((tx) =>
        callback({
          ...tx,
          get closed() {
            return tx.closed;
          },
          query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return pg._runExclusiveQuery(() => run<R>(text, params, options, true));
          },
        }),
      );
    },
  };
}
