// The embedded database's own thread (docs/decisions/024-pglite-thread.md). It opens
// PGlite, migrates it, and then runs, in the order they arrive, the wire-protocol messages
// the server's thread sends (pglite-client.ts), answering each with the engine's raw reply.
// Everything else (locks, prepared statements, parsing rows) stays in the server's thread,
// so this file knows nothing of the app. Plain JavaScript: a worker thread starts without
// the TypeScript loader the server runs under.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** @type {{ dataDir: string | undefined, migrationsFolder: string }} */
const { dataDir, migrationsFolder } = workerData;
const port = parentPort;
if (!port) throw new Error('pglite-thread.mjs runs as a worker thread');

// PostgreSQL's page cache inside the engine's memory, which never shrinks: PGlite's default
// of 128 MB held most of an idle server's memory. The engine's files are ordinary files, so
// pages beyond it come from the system's file cache (docs/decisions/046-mail-throughput-and-memory.md).
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB', '-c', 'temp_buffers=2MB'];
// pg_trgm: the orders table's search index (migration 0012) needs it at every start.
const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), startParams, extensions: { pg_trgm } });
await migrate(drizzle({ client: pg }), { migrationsFolder });
// The array types, so the server's thread parses arrays as PGlite itself would.
const { rows: arrayTypes } = await pg.query(`
  select b.oid, b.typarray from pg_catalog.pg_type a join pg_catalog.pg_type b on b.oid = a.typelem
   where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`);

/** Messages run one after another, each to its end (and its files written) before the next. */
let queue = Promise.resolve();

/**
 * @param {{ id: number, sentAt: number, message: Uint8Array, syncToFs: boolean } | { id: number, sentAt: number, close: true }} request
 * @returns {Promise<void>}
 */
async function handle(request) {
  // How long the message waited behind the ones before it (the server's metrics): `sentAt`
  // is the sender's wall clock to the microsecond, comparable with this thread's.
  const queuedMs = performance.timeOrigin + performance.now() - request.sentAt;
  if ('close' in request) {
    await pg.close();
    port?.postMessage({ id: request.id, reply: new Uint8Array(0) });
    port?.close();
    return;
  }
  try {
    const reply = await pg.execProtocolRaw(request.message, { syncToFs: false });
    if (request.syncToFs) await pg.syncToFs();
    port?.postMessage({ id: request.id, reply, queuedMs }, [reply.buffer]);
  } catch (error) {
    port?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
}

port.on('message', (request) => {
  queue = queue.then(() => handle(request));
});
port.postMessage({ ready: true, arrayTypes });
