import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

/**
 * `npm start` on unchanged sources: the time from the command to the server's first answer
 * (the build is skipped: scripts/build-stamp.ts), and from SIGTERM to its end. The first of
 * two starts makes the database (and builds if the sources changed); the second is measured.
 */
export async function benchSecondStart(port: number): Promise<{ startMs: number; stopMs: number }> {
  const dataDir = `tmp/bench-start-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const start = async () => {
    const started = performance.now();
    const child = spawn('npm', ['start'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', MIGRATION_DATABASE_URL: '', DEMO_ORDERS: 'false' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (;;) {
      if (child.exitCode !== null) throw new Error('npm start ended before it answered');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const startMs = performance.now() - started;
    const stopped = performance.now();
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    return { startMs, stopMs: performance.now() - stopped };
  };
  try {
    await start();
    return await start();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
