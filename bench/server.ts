import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * The fields of /proc/PID/stat after the command's name (proc(5) numbers them from 3):
 * [1] the parent's pid, [11] utime, [12] stime, [13] cutime, [14] cstime, in USER_HZ ticks.
 */
export function procStat(pid: number | string): string[] {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
}

/** USER_HZ on Linux: the ticks of /proc's CPU times in a second. */
export const ticksPerSecond = 100;

/** User and system CPU seconds of these processes so far (all their threads). */
export function cpuSeconds(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    const fields = procStat(pid);
    return sum + (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  }, 0);
}

/**
 * Waits until the server has done what it does after a start (compressing every page,
 * starting its PDF threads) and uses less than a tenth of a core, for at most 60 s: the
 * figures are those of a shop that has been running, not of its first seconds.
 */
export async function untilSettled(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const before = cpuSeconds([pid]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (cpuSeconds([pid]) - before < 0.1 || Date.now() > deadline) return;
  }
}

/**
 * Starts the real server (built assets, fresh PGlite or DATABASE_URL) in a child process, as
 * `npm start` runs it: scripts/start.mjs, which builds what changed, then runs the server's
 * bundle with node alone (its memory and CPU are then those of a shop, without tsx's loader),
 * with the default settings, its log level too.
 */
export async function startServer(options: {
  port: number;
  /** The checkout whose build runs (bench/compare.ts); this one by default. */
  checkout?: string;
  databaseUrl?: string;
  migrationDatabaseUrl?: string | undefined;
  env?: Record<string, string>;
  keepData?: boolean;
}): Promise<{
  url: string;
  /** The server's process, for its CPU time and memory (bench/pages.ts, bench/memory.ts). */
  pid: number;
  stop(): Promise<void>;
}> {
  const checkout = options.checkout ?? '.';
  const dataDir = `tmp/bench-data-${options.port}`;
  // The address the pages were built for, as under `npm start`, where the build and the
  // server read the same PUBLIC_URL: the server then sends the build's compressed copies.
  const manifest = path.join(checkout, 'dist/site/pages.json');
  const builtFor = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { baseUrl?: string }).baseUrl : undefined;
  if (!options.keepData) rmSync(path.join(checkout, dataDir), { recursive: true, force: true });
  mkdirSync(path.join(checkout, 'tmp'), { recursive: true });
  const logFile = openSync(path.join(checkout, `tmp/bench-server-${options.port}.log`), 'w');
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      MIGRATION_DATABASE_URL: options.migrationDatabaseUrl ?? '',
      NODE_ENV: 'production',
      ...(builtFor ? { PUBLIC_URL: builtFor } : {}),
      ...options.env,
    },
    // The log at the default level, one line per answer, goes to a file, as a service's log does.
    stdio: ['ignore', logFile, 'inherit'],
  });
  closeSync(logFile);
  const url = `http://127.0.0.1:${options.port}`;
  // Long enough for a build first, when the sources changed since the last one, and for a
  // first start creating the database on a machine busy with other work.
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await untilSettled(child.pid ?? 0);
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
