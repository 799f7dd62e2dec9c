import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import * as tar from 'tar';
import { secretKeyFile, type StorageEnv } from '#server/env.ts';
import { holdDataFolder } from './data-folder-lock.ts';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (both
 * scripts/backup.ts; docs/product/operations.md#backups, docs/decisions/035-backups.md).
 *
 * A backup is one tar file holding
 * - `manifest.json`: what the rest is (`format`, `version`, `createdAt`, `database`, `files`);
 * - the database: `pgdata.tar.gz`, PGlite's own dump of its folder, or `database.pgdump`,
 *   pg_dump's custom format;
 * - `secret-key`, DATA_DIR's key, when SECRET_KEY was not set (it encrypts the staff's
 *   second factors and signs links: without it they are lost).
 */

const format = 'cybersafe-shop-backup';
const version = 1;
const databaseFiles = { pglite: 'pgdata.tar.gz', postgres: 'database.pgdump' } as const;
const secretKeyEntry = 'secret-key';

interface Manifest {
  format: typeof format;
  version: typeof version;
  createdAt: string;
  database: keyof typeof databaseFiles;
  /** The entries beside the manifest. */
  files: string[];
}

/** A refusal, or a failure with a message for the operator; the commands print it and exit 1. */
export class BackupError extends Error {}

export interface BackupOptions {
  /** Replace an existing backup file, or restore over a database or secret key that is there. */
  force: boolean;
  /** Where the commands say what they did. */
  print: (line: string) => void;
}

const pgliteFolderOf = (env: StorageEnv) => path.join(env.DATA_DIR, 'pgdata');
/**
 * The connection that dumps and restores PostgreSQL: the role that owns the tables when
 * there are two (it reads every table and creates them), which the server then grants the
 * app's role again at its next start (src/server/db/client.ts).
 */
const ownerUrlOf = (env: StorageEnv) => env.MIGRATION_DATABASE_URL ?? env.DATABASE_URL;

/** A folder for the files of one backup or restore, removed afterwards. */
async function withStaging<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'));
  try {
    return await work(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs a PostgreSQL client program; the password goes in PGPASSWORD, so `ps` does not show it. */
async function runPgTool(program: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const child = spawn(program, [...args, `--dbname=${url.toString()}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new BackupError(`${program} was not found: install PostgreSQL's client programs of the server's version or newer (Debian: postgresql-client-15).`);
    }
    throw error;
  });
  if (code !== 0) throw new BackupError(`${program} failed (exit code ${code}):\n${errors.trim()}`);
}

async function dumpPglite(env: StorageEnv, file: string): Promise<void> {
  const folder = pgliteFolderOf(env);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) throw new BackupError(`There is no database in ${folder}.`);
  const letGo = holdDataFolder(folder);
  try {
    const database = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
    try {
      // The engine's own copy of its folder, taken while nothing else can write to it.
      const dump = await database.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  } finally {
    letGo();
  }
}

/**
 * Writes the backup of the database of `env` (and of DATA_DIR's secret key, when SECRET_KEY
 * is not set) to `file`. PGlite: refused while the server has the folder open. PostgreSQL:
 * pg_dump's snapshot, while the copies keep running.
 */
export async function createBackup(file: string, env: StorageEnv, options: BackupOptions): Promise<void> {
  if (existsSync(file) && !options.force) throw new BackupError(`${file} exists: choose another name, or add --force to replace it.`);
  const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  await withStaging(async (staging) => {
    const files: string[] = [databaseFiles[kind]];
    const ownerUrl = ownerUrlOf(env);
    if (ownerUrl) await runPgTool('pg_dump', ['--format=custom', `--file=${path.join(staging, databaseFiles.postgres)}`], ownerUrl);
    else await dumpPglite(env, path.join(staging, databaseFiles.pglite));

    const keyFile = secretKeyFile(env.DATA_DIR);
    if (env.SECRET_KEY) {
      options.print('SECRET_KEY is set: keep it with the backup, the backup does not hold it.');
    } else if (existsSync(keyFile)) {
      writeFileSync(path.join(staging, secretKeyEntry), readFileSync(keyFile), { mode: 0o600 });
      files.push(secretKeyEntry);
    } else {
      options.print(`There is no ${keyFile} to back up: the server has not made one yet.`);
    }

    const manifest: Manifest = { format, version, createdAt: new Date().toISOString(), database: kind, files };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written under another name first, so that FILE is never a backup cut short.
    const partial = `${file}.partial`;
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    await tar.create({ file: partial, cwd: staging, portable: true }, ['manifest.json', ...files]);
    renameSync(partial, file);
    options.print(`Backup of the ${kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'}${files.includes(secretKeyEntry) ? ' and the secret key' : ''} written to ${file}.`);
  });
}

/** Unpacks a backup's known entries into `staging` and reads its manifest. */
async function unpack(file: string, staging: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const known = new Set(['manifest.json', secretKeyEntry, ...Object.values(databaseFiles)]);
  await tar.extract({ file, cwd: staging, filter: (entry) => known.has(entry) }).catch(() => {
    throw new BackupError(`${file} is not a backup of the shop (not a tar file).`);
  });
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${file} is not a backup of the shop (no manifest.json).`);
  }
  if (manifest.format !== format || manifest.version !== version || (manifest.database !== 'pglite' && manifest.database !== 'postgres')) {
    throw new BackupError(`${file} is not a backup of this kind (format ${format}, version ${version}).`);
  }
  for (const entry of manifest.files ?? []) {
    if (!existsSync(path.join(staging, entry))) throw new BackupError(`${file} lacks ${entry}, which its manifest lists.`);
  }
  return manifest as Manifest;
}

/** Whether the PostgreSQL database holds any table of ours (or of anyone's), besides the system's. */
async function postgresHasTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/**
 * Empties the PostgreSQL database for a restore: the schemas the shop's migrations fill
 * (`public`, and `drizzle` with the list of migrations run) are dropped, so the database
 * is the backup's afterwards, not a mix of it and newer tables. pg_restore does not create
 * `public` again, so it is made empty here. Refused while others are connected.
 */
async function emptyPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The kind of another role's connection (the app's, with two roles) is hidden from this
    // role; a connection with a role is a client's, autovacuum's workers have none.
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_catalog.pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and (backend_type = 'client backend' or (backend_type is null and usesysid is not null))`,
    );
    const others = rows[0]?.n ?? 0;
    if (others > 0) throw new BackupError(`${others} other connection(s) use the database: stop every copy of the server first.`);
    await client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public').catch((error: Error) => {
      throw new BackupError(`Could not empty the database (${error.message}): restore as the database's owner, or into an empty database.`);
    });
  } finally {
    await client.end();
  }
}

async function restorePglite(env: StorageEnv, dump: string, force: boolean): Promise<void> {
  const folder = pgliteFolderOf(env);
  mkdirSync(env.DATA_DIR, { recursive: true });
  const letGo = holdDataFolder(folder);
  try {
    if (existsSync(folder) && readdirSync(folder).length > 0 && !force) {
      throw new BackupError(`${folder} holds a database: restore into an empty DATA_DIR, or add --force to replace it.`);
    }
    // Loaded beside the folder first: a restore that fails leaves the database as it was.
    const loading = `${folder}.restoring`;
    rmSync(loading, { recursive: true, force: true });
    const database = await PGlite.create({ dataDir: loading, loadDataDir: new Blob([readFileSync(dump)]), extensions: { pg_trgm } });
    await database.query('select 1');
    await database.close();
    rmSync(folder, { recursive: true, force: true });
    renameSync(loading, folder);
  } finally {
    letGo();
  }
}

/**
 * Restores the backup in `file` into the database of `env` and DATA_DIR. Refused when the
 * backup is of the other kind of database, or, without `force`, when the database or a
 * different secret key is there already.
 */
export async function restoreBackup(file: string, env: StorageEnv, options: BackupOptions): Promise<void> {
  await withStaging(async (staging) => {
    const manifest = await unpack(file, staging);
    const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.database !== kind) {
      throw new BackupError(
        manifest.database === 'pglite'
          ? `${file} is a backup of the embedded database: restore it with DATABASE_URL unset.`
          : `${file} is a backup of a PostgreSQL database: restore it with DATABASE_URL set.`,
      );
    }
    // Every refusal before anything changes.
    const keyFile = secretKeyFile(env.DATA_DIR);
    const backedUpKey = manifest.files.includes(secretKeyEntry) ? readFileSync(path.join(staging, secretKeyEntry), 'utf8') : undefined;
    if (backedUpKey !== undefined && existsSync(keyFile) && readFileSync(keyFile, 'utf8').trim() !== backedUpKey.trim() && !options.force) {
      throw new BackupError(`${keyFile} holds another secret key: restore into an empty DATA_DIR, or add --force to replace it.`);
    }
    const ownerUrl = ownerUrlOf(env);
    if (ownerUrl) {
      if (await postgresHasTables(ownerUrl)) {
        if (!options.force) throw new BackupError('The database of DATABASE_URL holds tables: restore into an empty database, or add --force to replace what it holds.');
        await emptyPostgres(ownerUrl);
      }
      await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', path.join(staging, databaseFiles.postgres)], ownerUrl);
    } else {
      await restorePglite(env, path.join(staging, databaseFiles.pglite), options.force);
    }

    if (backedUpKey !== undefined) {
      mkdirSync(env.DATA_DIR, { recursive: true });
      writeFileSync(keyFile, backedUpKey, { mode: 0o600 });
      if (env.SECRET_KEY) options.print(`The backup's secret key is in ${keyFile}, but SECRET_KEY is set and wins: unset it to use the backup's key.`);
    } else {
      options.print("The backup holds no secret key (SECRET_KEY was set when it was taken): start the server with that SECRET_KEY.");
    }
    options.print(`Restored the backup of ${manifest.createdAt} from ${file}.`);
  });
}
