// `npm start`. Plain JavaScript run by node alone, as is the server's bundle it starts: a
// second start on unchanged sources loads no TypeScript (docs/decisions/052-quick-start.md).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { staleParts } from './build-stamp.mjs';

/**
 * Builds the parts whose sources changed since their last build (scripts/build-stamp.mjs),
 * then runs the server's bundle (dist/server/main.mjs, scripts/build-server.ts) in this same
 * process. npm starts this with `exec`, so a signal sent to `npm start`, which npm passes on
 * to its script's process, reaches the server itself, which stops gracefully
 * (src/server/main.ts) and leaves no process of its own listening.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (staleParts(root).length > 0) await build();
await import(pathToFileURL(path.join(root, 'dist/server/main.mjs')).href);

/** The build runs in a process group of its own, so that a stop during the build ends all of it, vite included. */
async function build() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build.ts'), '--if-changed'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
  });
  const forward = (/** @type {NodeJS.Signals} */ signal) => {
    if (child.pid) process.kill(-child.pid, signal);
  };
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  const [code, signal] = await once(child, 'exit');
  process.off('SIGTERM', forward);
  process.off('SIGINT', forward);
  if (code !== 0) {
    console.error(signal ? `The build was stopped (${signal}).` : 'The build failed: the server does not start.');
    process.exit(1);
  }
}
