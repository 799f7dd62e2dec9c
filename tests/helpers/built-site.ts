import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ViteManifest } from '#site/assets.ts';
import { prerenderSite } from '#site/prerender.ts';
import { buildAppRenderer } from '../../scripts/build-app-renderer.ts';

/**
 * A small build in a temporary folder, for tests of how the server serves the site: a
 * client build of the islands script and the given site stylesheet, and every marketing
 * page prerendered from it the way `npm run build` does. Pass `distDir` to the app.
 */
export function buildTestSite(options: { siteCss: string }): { distDir: string; remove(): void } {
  const distDir = mkdtempSync(join(tmpdir(), 'shop-dist-'));
  const clientDir = join(distDir, 'client');
  const manifest: ViteManifest = {
    'islands/main.tsx': { file: 'assets/islands-test.js', src: 'islands/main.tsx', isEntry: true },
    '../site/styles/site.css': { file: 'assets/site-test.css', src: '../site/styles/site.css', isEntry: true },
  };
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'assets/islands-test.js'), 'export {};\n');
  writeFileSync(join(clientDir, 'assets/site-test.css'), options.siteCss);
  prerenderSite({ outDir: join(distDir, 'site'), clientDir, manifest, baseUrl: 'http://localhost:3000', year: 2026 });
  return { distDir, remove: () => rmSync(distDir, { recursive: true, force: true }) };
}

/** The app's entry, its stylesheets and the cart page's, in the test build of the app (addTestApp). */
export const testAppFiles = {
  entry: 'assets/app-test.js',
  entryCss: 'assets/app-test.css',
  entryCssText: '.app-page{border:0}',
  cartCss: 'assets/shopping-cart-test.css',
  cartCssText: '.cart-page{display:grid}',
  cartChunk: 'assets/shopping-cart-test.js',
} as const;

/**
 * The shop app in a test build (see buildTestSite): its shell as vite writes it (the entry
 * script, a module preload, the entry's stylesheet), the back office's shell, the manifest records of the entry and
 * the cart page with their stylesheets and those files, and the real renderer for the server
 * (scripts/build-app-renderer.ts), so the server renders the cart and the checkout.
 */
export async function addTestApp(distDir: string): Promise<void> {
  const clientDir = join(distDir, 'client');
  mkdirSync(join(clientDir, '.vite'), { recursive: true });
  writeFileSync(
    join(clientDir, 'app.html'),
    [
      '<!doctype html>',
      '<html lang="en-US">',
      '  <head>',
      '    <meta charset="utf-8" />',
      '    <title>CyberSafe Academy</title>',
      `    <script type="module" crossorigin src="/${testAppFiles.entry}"></script>`,
      '    <link rel="modulepreload" crossorigin href="/assets/react-test.js">',
      `    <link rel="stylesheet" crossorigin href="/${testAppFiles.entryCss}">`,
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      '  </body>',
      '</html>',
      '',
    ].join('\n'),
  );
  // The back office's shell, as vite writes it.
  writeFileSync(
    join(clientDir, 'admin.html'),
    ['<!doctype html>', '<html lang="en-US">', '  <head>', '    <meta charset="utf-8" />', '    <title>CyberSafe Academy back office</title>', '  </head>', '  <body>', '    <div id="root"></div>', '  </body>', '</html>', ''].join('\n'),
  );
  const manifest = {
    'app.html': { file: testAppFiles.entry, isEntry: true, css: [testAppFiles.entryCss], imports: ['_react-test.js'] },
    '_react-test.js': { file: 'assets/react-test.js' },
    'app/routes/shopping-cart.tsx': { file: testAppFiles.cartChunk, isDynamicEntry: true, css: [testAppFiles.cartCss], imports: ['_react-test.js'] },
  };
  writeFileSync(join(clientDir, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(clientDir, testAppFiles.entryCss), testAppFiles.entryCssText);
  writeFileSync(join(clientDir, testAppFiles.cartCss), testAppFiles.cartCssText);
  await buildAppRenderer(process.cwd(), distDir);
}
