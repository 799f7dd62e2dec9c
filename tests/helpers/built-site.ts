import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ViteManifest } from '#site/assets.ts';
import { prerenderSite } from '#site/prerender.ts';

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
