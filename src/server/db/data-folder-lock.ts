import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * The embedded database's folder may be open in one process at a time, and PGlite does
 * not see another process that has it open (its postmaster.pid names no real process). So
 * the process that opens it (the server, the staff CLI, a backup or a restore) writes its
 * pid beside the folder, `DATA_DIR/pgdata.pid`, and removes it when it closes the folder.
 * Another process that finds the pid of a running process there is refused; the file of a
 * process that died is taken over.
 */
export class DataFolderInUse extends Error {}

const lockFileOf = (folder: string) => `${folder.replace(/[/\\]+$/, '')}.pid`;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another running process that holds the folder, if one does. */
function holderOf(folder: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(lockFileOf(folder), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid) ? pid : undefined;
}

/**
 * Holds the folder for this process, or throws DataFolderInUse when a running process
 * holds it; answers the function that lets go of it.
 */
export function holdDataFolder(folder: string): () => void {
  const holder = holderOf(folder);
  if (holder !== undefined) {
    throw new DataFolderInUse(
      `The database folder ${folder} is open in process ${holder} (the server, or another command): stop it first. ` +
        `If no such process of the shop runs, delete ${lockFileOf(folder)}.`,
    );
  }
  writeFileSync(lockFileOf(folder), `${process.pid}\n`);
  return () => {
    if (holderOf(folder) === undefined) rmSync(lockFileOf(folder), { force: true });
  };
}
