/**
 * Staff accounts from the command line: `npm run staff -- add EMAIL [--name NAME]`,
 * `reset-password EMAIL`, `disable EMAIL`. Opens the database of the environment, as the
 * server does (DATABASE_URL, else PGlite in DATA_DIR/pgdata: stop the server first, PGlite
 * allows one process at a time).
 */
import path from 'node:path';
import { openDatabase } from '#server/db/client.ts';
import { EnvError, readEnv } from '#server/env.ts';
import { runStaffCommand } from '#server/modules/users/staff-cli.ts';
import { createStaffAccountsService } from '#server/modules/users/users.service.ts';

async function main(): Promise<number> {
  const env = readEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'pgdata') });
  try {
    return await runStaffCommand(process.argv.slice(2), {
      accounts: createStaffAccountsService({ db: database.db }),
      staffPassword: process.env.STAFF_PASSWORD,
      print: (line) => console.log(line),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  },
);
