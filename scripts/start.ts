import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './build-stamp.ts';

/**
 * `npm start`: builds when the sources changed since the last build (scripts/build-stamp.ts),
 * then runs the server in this same process. npm starts this with `exec`, so a signal sent
 * to `npm start`, which npm passes on to its script, reaches the server itself, which stops
 * gracefully (src/server/main.ts) and leaves no process of its own listening.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!buildIsCurrent(root)) await build();
await import('../src/server/main.ts');

/** The build runs in a process group of its own, so that a stop during the build ends all of it, vite included. */
async function build(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build.ts'), '--if-changed'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
  });
  const forward = (signal: NodeJS.Signals) => {
    if (child.pid) process.kill(-child.pid, signal);
  };
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  process.off('SIGTERM', forward);
  process.off('SIGINT', forward);
  if (code !== 0) {
    console.error(signal ? `The build was stopped (${signal}).` : 'The build failed: the server does not start.');
    process.exit(1);
  }
}
