// Plain JavaScript: `npm start` (scripts/start.mjs) checks the stamp before anything else,
// with node alone, without the TypeScript loader (docs/decisions/052-quick-start.md).
// Its types: build-stamp.d.mts.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether `dist/` was built from the sources as they are: `npm run build` (scripts/build.ts)
 * builds two parts, the client (its bundles and the prerendered pages) and the server (one
 * JavaScript bundle, scripts/build-server.ts), and writes a hash of everything each part
 * reads into `dist/build-stamp` once it is built. `npm start` (scripts/start.mjs) builds
 * again only the parts whose hash differs. A content hash rather than file times: a
 * checkout or a copy changes times without changing a file.
 */

/** Files and folders the build reads, relative to the project root. */
const inputs = ['src', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json', 'scripts/build-server.ts', 'scripts/build-app-renderer.ts'];

/** Tests are no input of either part. */
const isTest = (/** @type {string} */ file) => /\.test\.tsx?$/.test(file);

/**
 * No input of the client: the server's own code (src/server, and src/captcha, the puzzle
 * provider), which the client and the pages never import (the import boundaries of
 * eslint.config.js hold them to that), and the server bundle's configuration. A change
 * there rebuilds the server bundle alone.
 * @param {string} file
 */
const isServerOnly = (file) => /^src\/(server|captcha)\//.test(file) || file === 'scripts/build-server.ts';

const stampFile = (/** @type {string} */ root) => path.join(root, 'dist', 'build-stamp');

/**
 * A hash of each part's inputs; the client's also of the year, which the prerendered
 * pages' copyright line prints (src/site/site-context.tsx): a start in a new year builds
 * the pages again.
 * @param {string} root
 * @returns {import('./build-stamp.d.mts').SourcesHashes}
 */
export function sourcesHashes(root, year = new Date().getFullYear()) {
  const client = createHash('sha256').update(`year ${year}\n`);
  const server = createHash('sha256');
  const files = inputs.flatMap((input) => filesUnder(root, input)).sort();
  for (const file of files) {
    const content = readFileSync(path.join(root, file));
    for (const hash of isServerOnly(file) ? [server] : [client, server]) {
      hash.update(`${file}\n`);
      hash.update(content);
    }
  }
  return { client: client.digest('hex'), server: server.digest('hex') };
}

/**
 * @param {string} root
 * @param {string} relative
 * @returns {string[]}
 */
function filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full) || isTest(relative)) return [];
  if (!statSync(full).isDirectory()) return [relative.split(path.sep).join('/')];
  return readdirSync(full).flatMap((name) => filesUnder(root, path.join(relative, name)));
}

/**
 * The stamp's hashes by part (lines `client HASH`, `server HASH`).
 * @param {string} root
 * @returns {Partial<Record<import('./build-stamp.d.mts').BuildPart, string>>}
 */
function readStamp(root) {
  if (!existsSync(stampFile(root))) return {};
  /** @type {Partial<Record<import('./build-stamp.d.mts').BuildPart, string>>} */
  const stamp = {};
  for (const line of readFileSync(stampFile(root), 'utf8').split('\n')) {
    const [part, hash] = line.trim().split(' ');
    if ((part === 'client' || part === 'server') && hash) stamp[part] = hash;
  }
  return stamp;
}

/**
 * The parts dist/ does not hold a build of the sources as they are now, client first.
 * @param {string} root
 * @returns {import('./build-stamp.d.mts').BuildPart[]}
 */
export function staleParts(root, hashes = sourcesHashes(root)) {
  const stamp = readStamp(root);
  /** @type {const} */
  const parts = ['client', 'server'];
  return parts.filter((part) => stamp[part] !== hashes[part]);
}

/**
 * After a part was built.
 * @param {string} root
 * @param {import('./build-stamp.d.mts').BuildPart} part
 * @param {string} hash
 */
export function writeStamp(root, part, hash) {
  saveStamp(root, { ...readStamp(root), [part]: hash });
}

/**
 * Before a part is built: a build that fails half-way leaves no stamp for it, so the next
 * start builds it again.
 * @param {string} root
 * @param {import('./build-stamp.d.mts').BuildPart} part
 */
export function removeStamp(root, part) {
  const stamp = readStamp(root);
  delete stamp[part];
  saveStamp(root, stamp);
}

/**
 * The stamp file with a `part hash` line per part built; none when no part is.
 * @param {string} root
 * @param {Partial<Record<import('./build-stamp.d.mts').BuildPart, string>>} stamp
 */
function saveStamp(root, stamp) {
  const lines = Object.entries(stamp).map(([name, value]) => `${name} ${value}\n`);
  if (lines.length === 0) {
    rmSync(stampFile(root), { force: true });
    return;
  }
  mkdirSync(path.dirname(stampFile(root)), { recursive: true });
  writeFileSync(stampFile(root), lines.join(''));
}

/**
 * Runs `build` while holding `dist/.build-lock`, so that two copies started at once from one
 * folder (README) do not build into it together: the second waits, then finds the build
 * current. The lock of a process that died is taken over.
 * @template T
 * @param {string} root
 * @param {() => Promise<T>} build
 * @returns {Promise<T>}
 */
export async function withBuildLock(root, build) {
  const lock = path.join(root, 'dist', '.build-lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
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

/** @param {string} lock */
function holderIsGone(lock) {
  try {
    process.kill(Number(readFileSync(path.join(lock, 'pid'), 'utf8')), 0);
    return false;
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    // No pid yet: its holder is writing it, unless the lock is older than that could take.
    if (code === 'ENOENT') return existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 10_000;
    return code === 'ESRCH';
  }
}
