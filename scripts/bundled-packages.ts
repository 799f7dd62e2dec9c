import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';

/**
 * What a package may not do once bundled into dist/server/: find a file beside its own
 * code. In the ES-module bundle `__dirname` and `__filename` do not exist, and
 * `import.meta.url` and `require.resolve` name the bundle's folder, not the package's, so
 * such a package fails only when that code first runs (a calendar file's time zone read
 * from disk answered every webinar sign-up with 500). The server's build lists these
 * packages as external instead (scripts/build-server.ts).
 */
const readsBesideItself = [/\b__dirname\b/, /\b__filename\b/, /\bimport\.meta\.(?:url|dirname|filename)\b/, /\brequire\.resolve\b/];

/**
 * Bundled packages known to mention such a name safely, each with the reason. A package
 * comes here only after its code was read: the reason says why the path is never taken.
 */
export const safelyBundled: Record<string, string> = {
  pino: 'only pino.transport() and pino.destination(file) resolve its worker files; the server logs to a stream it gives (src/server/plugins/request-log.ts)',
  'thread-stream': "pino's transports' worker, which the server does not start",
  '@fastify/swagger': "reads its own package.json only for the document's default title and version, which src/server/plugins/api-document.ts sets; a failed read falls back to none",
};

/** The package a bundled file belongs to (`node_modules/@scope/name/…` → `@scope/name`), the innermost one. */
export function packageOf(file: string): string | undefined {
  const start = file.lastIndexOf('node_modules/');
  if (start === -1) return undefined;
  return /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file.slice(start))?.[1];
}

/** The bundled packages whose code reads files beside itself and are not known safe, with the files and names found. */
export function unsafelyBundledPackages(metafile: Metafile, root: string, allowed: Record<string, string> = safelyBundled): string[] {
  const found = new Map<string, Set<string>>();
  for (const file of Object.keys(metafile.inputs)) {
    const name = packageOf(file);
    if (name === undefined || name in allowed) continue;
    const code = readFileSync(path.resolve(root, file), 'utf8');
    for (const pattern of readsBesideItself) {
      const hit = pattern.exec(code);
      if (hit) {
        const hits = found.get(name) ?? new Set<string>();
        hits.add(`${file} (${hit[0]})`);
        found.set(name, hits);
      }
    }
  }
  return [...found].map(([name, hits]) => `${name}: ${[...hits].join(', ')}`);
}
