import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { messages, Mutex, parse, protocol, types, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * The embedded database as Drizzle's PGlite driver sees it (`query`, `transaction`).
 *
 * PGlite runs in a thread of its own (pglite-thread.mjs): its engine is the larger half of
 * a write's time, and in the server's thread it would hold up every other request while it
 * runs. That thread only executes wire-protocol messages in the order they arrive; this
 * client, in the server's thread, builds them, keeps the locks and parses the rows
 * (docs/decisions/024-pglite-thread.md).
 *
 * Each distinct statement text is prepared once under a name, and every run sends bind,
 * describe, execute and sync in one message (docs/decisions/017-pglite-prepared-statements.md).
 * Parameters are serialised by the types PostgreSQL inferred for them, rows are parsed with
 * PGlite's parsers (and the caller's), and the semantics are PGlite's: a statement outside
 * a transaction waits for a running transaction to end, one inside runs in it.
 */
const { serialize } = protocol;

/** Statements kept prepared; the least recently used one is closed beyond this. */
const maxStatements = 500;

export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * How many statements that may have changed data were sent so far: a statement that is
   * not a plain `select` counts before it is sent. Equal counts mean the data has not
   * changed in between, as nothing but this client writes to the database.
   */
  writeCount(): number;
  /**
   * Hands each wait to `listener` (the metrics): for the transaction lock (`lock`), and in
   * the thread behind the messages sent before (`queue`); one listener at a time.
   */
  watchWaits(listener: WaitListener): void;
  close(): Promise<void>;
}

type WaitListener = (wait: 'lock' | 'queue', seconds: number) => void;

/** A statement that reads only: `select …` (a `with` query may write, so it counts as a change). */
const readOnly = /^\s*select\b/i;

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** `queuedMs`: how long the message waited in the thread before the engine took it. */
type ThreadReply = { id: number; reply: Uint8Array; queuedMs?: number } | { id: number; error: string };

/**
 * The wall-clock time in milliseconds, to the microsecond: the thread compares it with its
 * own, so both threads must count from the same origin (performance.now() alone counts from
 * each thread's start).
 */
const wallClockMs = () => performance.timeOrigin + performance.now();

/** The database thread: sends a message, resolves with the engine's reply. */
interface EngineThread {
  /** Sends at once; the thread runs messages in the order they were sent. */
  send(message: Uint8Array, syncToFs: boolean): Promise<Uint8Array>;
  /** Called with each message's wait in the thread, in seconds. */
  onQueued: ((seconds: number) => void) | undefined;
  close(): Promise<void>;
}

async function startThread(options: { dataDir: string | undefined; migrationsFolder: string }): Promise<{
  thread: EngineThread;
  arrayTypes: { oid: number; typarray: number }[];
}> {
  const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: options });
  const pending = new Map<number, { resolve(reply: Uint8Array): void; reject(error: Error): void }>();
  let nextId = 0;
  let stopped: Error | undefined;
  const stop = (error: Error) => {
    stopped ??= error;
    for (const waiting of pending.values()) waiting.reject(stopped);
    pending.clear();
  };
  const { arrayTypes } = await new Promise<{ arrayTypes: { oid: number; typarray: number }[] }>((resolve, reject) => {
    const failed = (error: Error) => {
      worker.off('message', opened);
      reject(error);
    };
    const ended = (code: number) => failed(new Error(`the database thread ended while opening (exit code ${code})`));
    function opened(message: { arrayTypes: { oid: number; typarray: number }[] }) {
      worker.off('error', failed);
      worker.off('exit', ended);
      resolve(message);
    }
    worker.once('message', opened);
    worker.once('error', failed);
    worker.once('exit', ended);
  });
  worker.on('message', (message: ThreadReply) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if ('error' in message) {
      waiting.reject(new Error(message.error));
      return;
    }
    if (message.queuedMs !== undefined) thread.onQueued?.(Math.max(0, message.queuedMs) / 1000);
    waiting.resolve(message.reply);
  });
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`the database thread has ended (exit code ${code})`)));
  // An idle thread does not keep the process alive; one with work under way does.
  worker.unref();

  function request(body: { message: Uint8Array; syncToFs: boolean } | { close: true }): Promise<Uint8Array> {
    if (stopped) return Promise.reject(stopped);
    const id = ++nextId;
    const reply = new Promise<Uint8Array>((resolve, reject) => pending.set(id, { resolve, reject }));
    if (pending.size === 1) worker.ref();
    worker.postMessage({ id, sentAt: wallClockMs(), ...body });
    return reply;
  }
  const thread: EngineThread = {
    onQueued: undefined,
    send: (message, syncToFs) => request({ message, syncToFs }),
    async close() {
      await request({ close: true });
      await worker.terminate();
    },
  };
  return { arrayTypes, thread };
}

/** Runs pglite-create.mjs on `dataDir`; rejects with what it printed when it fails. */
async function createFolder(dataDir: string): Promise<void> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./pglite-create.mjs', import.meta.url)), dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the embedded database could not be created in ${dataDir}: ${errors.trim()}`);
}

/** The backend messages of a reply; the first error among them is thrown. */
function messagesOf(reply: Uint8Array): messages.BackendMessage[] {
  const backend: messages.BackendMessage[] = [];
  let failure: messages.DatabaseError | undefined;
  new protocol.Parser().parse(reply, (message) => {
    if (message instanceof messages.DatabaseError) failure ??= message;
    else backend.push(message);
  });
  if (failure) throw failure;
  return backend;
}

interface Statement {
  name: string;
  paramTypes: number[];
}

export async function openPgliteClient(options: { dataDir: string | undefined; migrationsFolder: string }): Promise<PgliteClient> {
  // Creating the database (initdb) leaves the engine's memory some 500 MB larger, and part
  // of it stays with the process even after the engine is gone: a process of its own
  // creates the folder, and this one opens it (docs/decisions/046-mail-throughput-and-memory.md,
  // 052-quick-start.md).
  if (options.dataDir !== undefined && !existsSync(path.join(options.dataDir, 'PG_VERSION'))) await createFolder(options.dataDir);
  const { thread, arrayTypes } = await startThread(options);
  const parsers: Record<number, types.Parser> = { ...types.parsers };
  const serializers: Record<number, types.Serializer> = { ...types.serializers };
  for (const { oid, typarray } of arrayTypes) {
    parsers[typarray] = (value) => types.arrayParser(value, parsers[oid] ?? ((text) => text), typarray);
    serializers[typarray] = (value) => types.arraySerializer(value, serializers[oid], typarray);
  }

  // Map order is use order: the first entry is the least recently used.
  const statements = new Map<string, Statement>();
  const preparing = new Map<string, Promise<Statement>>();
  let counter = 0;
  let writes = 0;
  /** Close messages of evicted statements, sent with the next statement. */
  let pendingClose: Uint8Array[] = [];
  const takePendingClose = () => {
    const taken = pendingClose;
    pendingClose = [];
    return taken;
  };
  /** Held by a transaction from BEGIN until COMMIT or ROLLBACK is sent. */
  const transactionLock = new Mutex();
  let waitListener: WaitListener | undefined;
  /** Runs `work` under the transaction lock, and reports how long it waited for it. */
  const underLock = <T>(work: () => Promise<T>): Promise<T> => {
    const asked = performance.now();
    return transactionLock.runExclusive(() => {
      waitListener?.('lock', (performance.now() - asked) / 1000);
      return work();
    });
  };

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `pglite_s${++counter}`;
    const reply = await thread.send(
      concat([...takePendingClose(), serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      false,
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messagesOf(reply)) };
    statements.set(text, statement);
    if (statements.size > maxStatements) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      pendingClose.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    return statement;
  }

  async function statementFor(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    let prepared = preparing.get(text);
    if (!prepared) {
      prepared = prepare(text, options).finally(() => preparing.delete(text));
      preparing.set(text, prepared);
    }
    return prepared;
  }

  /**
   * Sends one statement and resolves, once it is sent, with its pending result: the caller
   * may let go of its lock before the answer arrives, as the thread keeps the order.
   */
  async function send<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<{ result: Promise<Results<T>> }> {
    if (!readOnly.test(text)) writes++;
    const { name, paramTypes } = await statementFor(text, options);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const reply = thread.send(
      concat([...takePendingClose(), serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      !inTransaction,
    );
    // The caller's parsers on top of PGlite's through a prototype chain, not a copy of hundreds of entries.
    const rowParsers = options?.parsers ? Object.assign(Object.create(parsers) as typeof parsers, options.parsers) : parsers;
    return { result: reply.then((bytes) => parse.parseResults(messagesOf(bytes), rowParsers, { ...options, parsers: undefined })[0] as Results<T>) };
  }

  /** A statement without parameters (BEGIN, COMMIT, ROLLBACK) as a simple query, sent at once. */
  async function simple(text: string): Promise<string | undefined> {
    const replies = messagesOf(await thread.send(serialize.query(text), text !== 'BEGIN'));
    const done = replies.find((message): message is messages.CommandCompleteMessage => message instanceof messages.CommandCompleteMessage);
    return done?.text;
  }

  return {
    writeCount: () => writes,
    watchWaits(listener) {
      waitListener = listener;
      thread.onQueued = (seconds) => listener('queue', seconds);
    },
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
      const { result } = await underLock(() => send<T>(text, params, options, false));
      return result;
    },
    async transaction<T>(callback: (tx: Transaction) => Promise<T>) {
      // The lock is let go once COMMIT or ROLLBACK is sent: whatever is sent next runs after it.
      const { outcome } = await underLock(async (): Promise<{ outcome: Promise<T> }> => {
        let closed = false;
        await simple('BEGIN');
        const tx = {
          get closed() {
            return closed;
          },
          async query<R>(text: string, params: unknown[] = [], options?: QueryOptions) {
            if (closed) throw new Error('Transaction is closed');
            return (await send<R>(text, params, options, true)).result;
          },
        } as unknown as Transaction;
        try {
          const result = await callback(tx);
          closed = true;
          const committed = simple('COMMIT');
          return {
            outcome: committed.then((command) => {
              if (command === 'ROLLBACK') throw new Error('Transaction was rolled back instead of committed');
              return result;
            }),
          };
        } catch (error) {
          // Only the callback throws here: COMMIT is sent after it, and its failure comes with `outcome`.
          closed = true;
          const rolledBack = simple('ROLLBACK');
          return {
            outcome: rolledBack.then(() => {
              throw error;
            }),
          };
        }
      });
      return outcome;
    },
    close: () => thread.close(),
  };
}
