import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressBuild } from './compress-build.ts';
import { buildIsCurrent, removeStamp, sourcesHash, withBuildLock, writeStamp } from './build-stamp.ts';

/**
 * `npm run build`: the client bundles (vite) and the prerendered marketing pages in dist/,
 * each text file also compressed (scripts/compress-build.ts), then the stamp that says which sources they were built from (scripts/build-stamp.ts).
 * With `--if-changed` (scripts/start.ts) only when dist/ is not a build of the sources as
 * they are.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifChanged = process.argv.includes('--if-changed');

function run(what: string, command: string, args: string[]): void {
  // Always the production bundles (React without its development checks), whatever
  // NODE_ENV the caller has: a test runner sets `test`, and vite would keep it.
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`${what} failed${result.signal ? ` (${result.signal})` : ''}`);
}

try {
  await withBuildLock(root, async () => {
    // Hashed before building: a file changed during the build makes the next start build again.
    const hash = sourcesHash(root);
    if (ifChanged && buildIsCurrent(root, hash)) return;
    removeStamp(root);
    run('vite build', path.join(root, 'node_modules/.bin/vite'), ['build']);
    run('the prerender', process.execPath, ['--import', 'tsx', 'src/site/prerender.ts']);
    compressBuild(path.join(root, 'dist'));
    writeStamp(root, hash);
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
