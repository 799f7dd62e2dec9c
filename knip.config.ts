import type { KnipConfig } from 'knip';

/**
 * Dead files, exports and dependencies: `npx knip` (add `--production` to leave tests and
 * dev tools out). Entries marked `!` are production entries.
 *
 * Found by knip's plugins, so not listed here: the package.json scripts (src/server/main.ts,
 * bench/run.ts, bench/browser.ts…), vitest's test files, Playwright's specs and the SMTP sink
 * its webServer starts, drizzle's schema, and the config files themselves. tests/ is left to
 * them on purpose: as entries, test helpers' unused exports would go unreported.
 */
const config: KnipConfig = {
  entry: [
    // `npm start`/`npm run build` name these, but --production only reads the start script.
    // (A glob, because knip calls a plain path that a script already names "redundant".)
    'src/{server/main,site/prerender}.ts!',
    // The client bundles (vite.config.ts: the SPA's app.html, the back office's admin.html, the islands script).
    'src/client/app/main.tsx!',
    'src/client/islands/main.tsx!',
    'src/client/admin/main.tsx!',
    // The app's renderer for the server, built by scripts/build-app-renderer.ts and loaded by
    // src/server/modules/pages/app-pages.service.ts from the build.
    'src/client/app/render-on-server.tsx!',
    // The catalogues of each language and audience, imported with the language in a variable
    // (src/shared/i18n/messages.ts, load-*-catalogue.ts), which knip cannot follow.
    'src/shared/i18n/*/*.catalogue.ts!',
    // The same for each language's trainings (src/shared/catalog.ts) and demo content (src/server/db/seed/content.ts).
    'src/shared/catalog/*.ts!',
    'src/server/db/seed/languages/*.ts!',
    // Worker and thread entries, started with `new URL(…, import.meta.url)`.
    'src/client/ui/captcha/captcha.worker.ts!',
    'src/server/modules/invoices/invoice-thread.mjs!',
    'src/server/modules/invoices/invoice-thread-main.ts!',
    'src/server/db/pglite-thread.mjs!',
    // Run in a process of its own by pglite-client.ts to create a new data folder.
    'src/server/db/pglite-create.mjs!',
    // Run in a child process by tests/chromium.ts to unpack the npm package's Chromium.
    'tests/chromium-unpack.ts',
    // Development tools run by hand with `npx tsx`.
    'bench/*.ts',
    'scripts/*',
  ],
  // Installed by .ci/run from Debian, not by npm: the test of several copies starts nginx,
  // the invoice tests read PDFs with pdftotext too, and the e-invoice's attachment and XMP
  // with pdfdetach and pdfinfo (all three poppler-utils); pg_dump comes with PostgreSQL (the
  // backup test on PostgreSQL uses it). taskset (util-linux) pins the pages bench's
  // servers to a core each (bench/pages.ts), and is skipped where it is missing.
  ignoreBinaries: ['nginx', 'pdftotext', 'pdfdetach', 'pdfinfo', 'pg_dump', 'taskset', 'wrk'],
  project: ['src/**/*.{ts,tsx,mts,mjs}!', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**', '*.config.{ts,js}'],
};

export default config;
