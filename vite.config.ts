import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * One client build with two entries:
 * - `islands`: the small script every marketing page loads; it mounts the widgets;
 * - `site`: the marketing pages' stylesheet;
 * - `app.html`: the single-page app under /app (the shop's pages), split per route;
 * - `admin.html`: the back office under /app/admin-panel, which shop visitors never load.
 * The prerender step (src/site/prerender.ts) reads the manifest to link the hashed files.
 */
export default defineConfig({
  root: 'src/client',
  base: '/',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    manifest: true,
    assetsDir: 'assets',
    target: 'es2022',
    rollupOptions: {
      input: {
        islands: 'src/client/islands/main.tsx',
        site: 'src/site/styles/site.css',
        app: 'src/client/app.html',
        admin: 'src/client/admin.html',
      },
      output: {
        // React in a chunk of its own: otherwise it lands in the chunk of the preload
        // helper, which the islands script imports, and every marketing page would fetch
        // React before its first paint.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The small modules the widgets share, in one chunk rather than one request each.
            {
              name: 'widget-shared',
              test: /src[\\/](shared[\\/](locales|cookies|endpoint|cart-endpoints|paths)|client[\\/](lib[\\/](cookies|api)|islands[\\/](page-state|use-hydrated)|features[\\/](cart[\\/](cart|cart-count|cart-events)|downloads[\\/]guide-requested)))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
});
