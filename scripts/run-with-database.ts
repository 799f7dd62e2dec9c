import path from 'node:path';
import { openDatabase, type Database } from '#server/db/client.ts';
import { DataFolderInUse } from '#server/db/data-folder-lock.ts';
import { EnvError, readEnv, type Env } from '#server/env.ts';

/**
 * Runs a command-line tool on the database of the environment, as the server opens it
 * (DATABASE_URL, else PGlite in DATA_DIR/pgdata: stop the server first, PGlite allows one
 * process at a time), closes it, and exits with the command's code. A bad environment
 * or a database folder held by the running server prints its message, any other failure
 * its error; all exit 1.
 */
export function runWithDatabase(
  command: (context: { env: Env; database: Database }) => Promise<number>,
  /** The command's own words for a refusal (an error it expects), printed instead of the error. */
  explain: (error: unknown) => string | undefined = () => undefined,
): void {
  const main = async (): Promise<number> => {
    const env = readEnv();
    // The retention is the server's to record (main.ts): a command run with another environment leaves it.
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, migrationDatabaseUrl: env.MIGRATION_DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'pgdata') });
    try {
      return await command({ env, database });
    } finally {
      await database.close();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(explain(error) ?? (error instanceof EnvError ? error.message : error instanceof DataFolderInUse ? `Refused: ${error.message}` : error));
      process.exit(1);
    },
  );
}
