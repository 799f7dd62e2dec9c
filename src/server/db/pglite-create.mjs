// Creates the embedded database's folder (PostgreSQL's initdb) in a process of its own,
// started by pglite-client.ts when the folder is new: creating leaves the engine's memory
// some 500 MB larger, and the allocator of a thread that did it keeps part of what it
// took even after the thread has ended. A process gives all of it back when it exits
// (docs/decisions/052-quick-start.md). Plain JavaScript, as pglite-thread.mjs, so that it
// runs under node alone from src/ and from the server's bundle.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node pglite-create.mjs DATA_FOLDER');
const pg = await PGlite.create({ dataDir, extensions: { pg_trgm } });
await pg.close();
