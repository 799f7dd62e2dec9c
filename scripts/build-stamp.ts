import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether `dist/` was built from the sources as they are: `npm run build` (scripts/build.ts)
 * writes a hash of everything the build reads into `dist/build-stamp` once it has built,
 * and `npm start` (scripts/start.ts) builds again only when the hash differs. A content
 * hash rather than file times: a checkout or a copy changes times without changing a file.
 */

/** Files and folders the client build and the prerender read, relative to the project root. */
const inputs = ['src', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

/**
 * No input of the build: tests, and the server's own code (src/server, and src/captcha, the
 * puzzle provider), which the client and the pages never import (the import boundaries of
 * eslint.config.js hold them to that). A change there restarts the server without a build.
 */
const isNoInput = (file: string) => /\.test\.tsx?$/.test(file) || ['src/server', 'src/captcha'].includes(file);

const stampFile = (root: string) => path.join(root, 'dist', 'build-stamp');

/**
 * A hash of the build's inputs and of the year, which the prerendered pages' copyright line
 * prints (src/site/site-context.tsx): a start in a new year builds again.
 */
export function sourcesHash(root: string, year = new Date().getFullYear()): string {
  const hash = createHash('sha256').update(`year ${year}\n`);
  const files = inputs.flatMap((input) => filesUnder(root, input)).sort();
  for (const file of files) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full) || isNoInput(relative)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full).flatMap((name) => filesUnder(root, path.join(relative, name)));
}

/** Whether dist/ holds a build of the sources as they are now. */
export function buildIsCurrent(root: string, hash = sourcesHash(root)): boolean {
  return existsSync(stampFile(root)) && readFileSync(stampFile(root), 'utf8').trim() === hash;
}

export function writeStamp(root: string, hash: string): void {
  mkdirSync(path.dirname(stampFile(root)), { recursive: true });
  writeFileSync(stampFile(root), `${hash}\n`);
}

/** Before a build: a build that fails half-way leaves no stamp, so the next start builds again. */
export function removeStamp(root: string): void {
  rmSync(stampFile(root), { force: true });
}

/**
 * Runs `build` while holding `dist/.build-lock`, so that two copies started at once from one
 * folder (README) do not build into it together: the second waits, then finds the build
 * current. The lock of a process that died is taken over.
 */
export async function withBuildLock<T>(root: string, build: () => Promise<T>): Promise<T> {
  const lock = path.join(root, 'dist', '.build-lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (holderIsGone(lock)) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function holderIsGone(lock: string): boolean {
  try {
    process.kill(Number(readFileSync(path.join(lock, 'pid'), 'utf8')), 0);
    return false;
  } catch (error) {
    // No pid yet: its holder is writing it, unless the lock is older than that could take.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 10_000;
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
