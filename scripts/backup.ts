/**
 * Backups from the command line: `npm run backup -- FILE [--force]` and
 * `npm run restore -- FILE [--force]` (package.json runs this file with the command
 * first), for the database and DATA_DIR of the environment (src/server/db/backup.ts,
 * docs/product/operations.md#backups). Exit codes: 0 done, 1 refused or failed, 2 usage.
 */
import { BackupError, createBackup, restoreBackup } from '#server/db/backup.ts';
import { DataFolderInUse } from '#server/db/data-folder-lock.ts';
import { EnvError, readStorageEnv } from '#server/env.ts';

const usage = [
  'Usage: npm run backup -- FILE [--force]    writes a backup of the database (and DATA_DIR/secret-key) to FILE',
  '       npm run restore -- FILE [--force]   restores FILE into an empty DATA_DIR or database',
  '--force replaces an existing FILE (backup), or the database and secret key that are there (restore).',
].join('\n');

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const files = rest.filter((arg) => arg !== '--force');
  const file = files[0];
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || !file || file.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  const options = { force: rest.includes('--force'), print: (line: string) => console.log(line) };
  const env = readStorageEnv();
  await (command === 'backup' ? createBackup(file, env, options) : restoreBackup(file, env, options));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const refusal = error instanceof BackupError || error instanceof DataFolderInUse || error instanceof EnvError;
    console.error(refusal ? error.message : error);
    process.exit(1);
  },
);
