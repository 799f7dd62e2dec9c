import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';

/**
 * Writes `.vite/islands.json` beside the manifest: each module of src/client/islands → the
 * file of the chunk it was bundled into. Widgets bundled together (islands/site-wide.ts,
 * home-widgets.ts…) have no manifest record of their own; the page budgets
 * (src/site/budget.ts) find their chunk here.
 */
function islandChunks(): Plugin {
  return {
    name: 'island-chunks',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const source = /[\\/]src[\\/]client[\\/](islands[\\/][^\\/]+\.tsx?)$/.exec(id)?.[1];
          if (source) chunks[source.replaceAll('\\', '/')] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/islands.json', source: `${JSON.stringify(chunks, null, 2)}\n` });
    },
  };
}

/**
 * The browser's copy of the API contract (docs/decisions/028-one-api-contract.md). Each
 * file of src/shared/contract/ declares its calls with their schemas and the API
 * document's texts, which the server, the document and the component tests' fake API
 * read. The browser needs only each call's method and path (`callApi`, `urlOf`): in the
 * client build such a file is replaced by those two facts per call, read off the module
 * itself, so no page downloads a schema or a summary with the calls it makes (the
 * marketing pages' budget, src/site/budget.ts). Types still come from the real file.
 */
function contractAddresses(): Plugin {
  const contractFolder = fileURLToPath(new URL('./src/shared/contract/', import.meta.url));
  return {
    name: 'contract-addresses',
    apply: 'build',
    async load(id) {
      if (!id.startsWith(contractFolder)) return null;
      const { module } = await runnerImport<Record<string, Record<string, { method: string; path: string }>>>(id, { configFile: false, logLevel: 'silent' });
      return Object.entries(module)
        .map(([name, calls]) => {
          const addresses = Object.fromEntries(Object.entries(calls).map(([key, { method, path }]) => [key, { method, path }]));
          return `export const ${name} = ${JSON.stringify(addresses)};`;
        })
        .join('\n');
    },
  };
}

/**
 * The file name of a chunk: the catalogues' chunks (src/shared/i18n/load-*-catalogue.ts) by
 * language and content, so that the build's list says what each holds:
 * `catalogue-de-CH-app-….js` for an audience's catalogue, and for the areas several
 * audiences share, their names (`catalogue-de-CH-captcha-common-errors-forms-….js`).
 */
function chunkFileName(chunk: { facadeModuleId: string | null; moduleIds: readonly string[] }): string {
  const languages = new Set(chunk.moduleIds.map((id) => /[\\/]src[\\/]shared[\\/]i18n[\\/]([\w-]+)[\\/][\w-.]+\.ts$/.exec(id)?.[1]));
  const [language] = languages;
  if (languages.size !== 1 || !language) return 'assets/[name]-[hash].js';
  const audience = chunk.facadeModuleId ? /([\w-]+)\.catalogue\.ts$/.exec(chunk.facadeModuleId)?.[1] : undefined;
  const areas = chunk.moduleIds.map((id) => /([\w-]+)\.ts$/.exec(id)?.[1] ?? '').sort();
  return `assets/catalogue-${language}-${audience ?? areas.join('-')}-[hash].js`;
}

/**
 * One client build with two entries:
 * - `islands`: the small script every marketing page loads; it mounts the widgets;
 * - `site`: the marketing pages' stylesheet, which the prerender writes into each page;
 * - `app.html`: the single-page app under /app (the shop's pages), split per route;
 * - `admin.html`: the back office under /app/admin-panel, which shop visitors never load.
 * The prerender step (src/site/prerender.ts) reads the manifest to find the hashed files.
 */
export default defineConfig({
  root: 'src/client',
  base: '/',
  publicDir: false,
  plugins: [react(), islandChunks(), contractAddresses()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    manifest: true,
    assetsDir: 'assets',
    target: 'es2022',
    modulePreload: {
      // The dialogs the marketing pages' widgets open on a click (cart drawer, newsletter,
      // download, exit-intent popup) fetch their own imports when they load: listing those
      // files ahead in the widgets' chunks would cost every page's script bytes for a
      // click that most visits never make. The islands script still preloads what its
      // widgets need at once (React, the shared chunk).
      // The single-page apps' lazy chunks (routes, pages) bring only their stylesheets
      // ahead: the browser fetches a chunk's imports as it reads them, and adding a
      // preload element per import took the main thread about 7 ms per page on the cart
      // and checkout the server renders, while they are to answer the visitor
      // (docs/decisions/054-cart-and-checkout-rendered-on-the-server.md).
      resolveDependencies: (_file, deps, { hostId, hostType }) => {
        if (hostType !== 'js') return deps;
        if (/(^|\/)(site-wide|widget-shared|home-widgets|trainings-widgets)-[\w-]+\.js$/.test(hostId)) return [];
        return deps.filter((dep) => dep.endsWith('.css'));
      },
    },
    rollupOptions: {
      input: {
        islands: 'src/client/islands/main.tsx',
        site: 'src/site/styles/site.css',
        app: 'src/client/app.html',
        admin: 'src/client/admin.html',
      },
      output: {
        chunkFileNames: chunkFileName,
        // React in a chunk of its own: otherwise it lands in the chunk of the preload
        // helper, which the islands script imports, and every marketing page would fetch
        // React with its first script.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The preload helper stays in a chunk of its own: the islands script imports it
            // first, and whatever shares its chunk would load then too.
            { name: 'preload-helper', test: /preload-helper/ },
            // The small modules the widgets share (page state, cookies, the cart's state and
            // API calls, the call layer), in one chunk rather than one request each; the app
            // uses them too (docs/decisions/018-marketing-page-weight.md).
            {
              name: 'widget-shared',
              test: /src[\\/](shared[\\/](locales|cookies|contract|contract[\\/](cart|xsrf)|paths)|client[\\/](lib[\\/](cookies|api)|ui[\\/](use-hydrated|site-frame[\\/](currency-select|language-links))|islands[\\/](page-state|lazy-dialog)|features[\\/](cart[\\/](cart|cart-count|cart-events|cart-button)|downloadables[\\/]guide-requested)))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
});
