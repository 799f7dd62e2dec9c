import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { unsafelyBundledPackages } from './bundled-packages.ts';

/**
 * The server as plain JavaScript in `dist/server/`, so that `npm start` runs it with node
 * alone: loading the server's TypeScript through tsx took over a second of CPU at every
 * start (docs/decisions/052-quick-start.md).
 *
 * - `main.mjs`, src/server/main.ts and the project's code it imports, with the packages it
 *   uses, but for those that read files beside their own code (PGlite's engine, the GeoIP
 *   table, the fonts, the calendar's time zones), which stay in node_modules and are
 *   imported from there. The build refuses a bundled package that would read such a file
 *   (scripts/bundled-packages.ts). Modules main.ts imports with `import()` become chunks
 *   beside it, loaded when first needed.
 * - `invoice-thread.mjs`, the invoice thread's code (src/server/modules/invoices/invoice-thread-main.ts),
 *   which invoice-renderer.ts starts from the file of that name beside its own.
 * - `pglite-thread.mjs` and `migrations/`, copied: pglite-client.ts and client.ts find them
 *   beside their own file. app.ts finds the project root two folders up, from src/server/
 *   as from dist/server/.
 */
export async function buildServer(root: string): Promise<void> {
  const out = path.join(root, 'dist/server');
  rmSync(out, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      'invoice-thread': 'src/server/modules/invoices/invoice-thread-main.ts',
      'pglite-thread': 'src/server/db/pglite-thread.mjs',
      'pglite-create': 'src/server/db/pglite-create.mjs',
    },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // The packages too: node's module loader took about a second of CPU to find, read and
    // link the many files of the packages one by one (and to scan the CommonJS ones for
    // their exports). Left in node_modules: those that read files beside their own code,
    // PGlite's engine, the GeoIP table, pdfkit's and the invoice's fonts, the native argon2,
    // the calendar's time-zone definitions.
    external: [
      '@touch4it/ical-timezones',
      '@electric-sql/pglite',
      '@electric-sql/pglite/*',
      '@node-rs/argon2',
      'geoip-country',
      'pdfkit',
      'fontkit',
      'swissqrbill',
      'swissqrbill/*',
      '@expo-google-fonts/*',
      'pg-native',
    ],
    // For the CommonJS packages in the bundle, which `require` node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  const unsafe = unsafelyBundledPackages(metafile, root);
  if (unsafe.length > 0) {
    rmSync(out, { recursive: true, force: true });
    throw new Error(
      `The server's bundle would hold packages that read files beside their own code, which fails only when that code runs:\n  ${unsafe.join('\n  ')}\n` +
        'List each as external in scripts/build-server.ts, or, once its code shows the path is never taken, in safelyBundled (scripts/bundled-packages.ts).',
    );
  }
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
}
