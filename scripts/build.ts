import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressBuild } from './compress-build.ts';
import { buildAppRenderer } from './build-app-renderer.ts';
import { buildServer } from './build-server.ts';
import { removeStamp, sourcesHashes, staleParts, withBuildLock, writeStamp } from './build-stamp.mjs';

/**
 * `npm run build`, into dist/: the client, that is its bundles (vite), the prerendered
 * marketing pages and the app's renderer for the server (scripts/build-app-renderer.ts),
 * each text file of the first two also compressed (scripts/compress-build.ts); and the
 * server's bundle (scripts/build-server.ts). After each part the stamp that says which
 * sources it was built from (scripts/build-stamp.mjs). With `--if-changed`
 * (scripts/start.mjs) only the parts that are not a build of the sources as they are.
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
    const hashes = sourcesHashes(root);
    const parts = ifChanged ? staleParts(root, hashes) : (['client', 'server'] as const);
    if (parts.includes('client')) {
      removeStamp(root, 'client');
      run('vite build', path.join(root, 'node_modules/.bin/vite'), ['build']);
      run('the prerender', process.execPath, ['--import', 'tsx', 'src/site/prerender.ts']);
      await buildAppRenderer(root);
      // The client's files and the pages, not the server's bundle, which no one downloads.
      for (const folder of ['client', 'site']) compressBuild(path.join(root, 'dist', folder));
      writeStamp(root, 'client', hashes.client);
    }
    if (parts.includes('server')) {
      removeStamp(root, 'server');
      await buildServer(root);
      writeStamp(root, 'server', hashes.server);
    }
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
