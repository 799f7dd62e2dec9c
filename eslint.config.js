import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleCycles from './eslint/module-cycles.js';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Module resolution for eslint-plugin-boundaries (it resolves every import through the
 * `import/resolver` setting of eslint-plugin-import). The `node` resolver (already installed
 * with the plugin) finds relative imports, `.ts`/`.tsx` files and packages, but not the
 * `#shared/*`, `#server/*`… subpath imports of package.json: its `packageIterator` hook maps
 * them onto their folder, read from package.json so that a new alias needs no change here.
 */
const subpathImports = Object.entries(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {});
function packageImportTarget(request) {
  for (const [alias, target] of subpathImports) {
    const prefix = alias.replace(/\*$/, '');
    if (alias.endsWith('*') ? request.startsWith(prefix) : request === alias) {
      return path.resolve(root, target.replace('*', request.slice(prefix.length)));
    }
  }
  return undefined;
}
const importResolver = {
  node: {
    extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.json'],
    packageIterator: (request, _start, defaultCandidates) => {
      const target = packageImportTarget(request);
      return target ? [target] : defaultCandidates();
    },
  },
};

/**
 * Import boundaries (docs/architecture.md). Every file under src/ belongs to one element;
 * tests/, bench/ and the config files at the root are unrestricted.
 */
const elements = [
  { type: 'shared', pattern: 'src/shared', partialMatch: false },
  { type: 'captcha', pattern: 'src/captcha', partialMatch: false },
  { type: 'server-module', pattern: 'src/server/modules/*', capture: ['module'], partialMatch: false },
  { type: 'server', pattern: 'src/server', partialMatch: false },
  { type: 'client-ui', pattern: 'src/client/ui', partialMatch: false },
  { type: 'client-lib', pattern: 'src/client/lib', partialMatch: false },
  { type: 'client-features', pattern: 'src/client/features', partialMatch: false },
  // The single-page apps: the shop (src/client/app) and the back office (src/client/admin), each its own bundle.
  { type: 'client-spa', pattern: 'src/client/app', partialMatch: false },
  { type: 'client-spa', pattern: 'src/client/admin', partialMatch: false },
  { type: 'client-islands', pattern: 'src/client/islands', partialMatch: false },
  { type: 'site', pattern: 'src/site', partialMatch: false },
  { type: 'tests', pattern: 'tests', partialMatch: false },
  { type: 'bench', pattern: 'bench', partialMatch: false },
];

const is = (...types) => ({ element: { types } });
const tier = (...types) => ({ to: is(...types) });
const nodeBuiltins = { to: { module: { origin: 'core' } } };
const anyLocal = { to: { module: { origin: 'local' } } };

/** Server infrastructure that modules may use. */
const serverInfrastructure = ['db/**', 'plugins/**', 'http/**', 'env.ts'];
/**
 * A module's public surface (docs/decisions/030-public-form-workflow.md): its services'
 * factories (`*.service.ts`) and its pure functions for other modules (`*.rules.ts`).
 */
const modulePublicFiles = ['*.service.ts', '*.rules.ts'];
/**
 * The modules' schema files (`<m>.schema.ts`): each declares the tables its module owns.
 * They are not public: only the module's own files read them (docs/decisions/058-tables-owned-by-modules.md).
 */
const moduleSchemaFiles = { element: { types: ['server-module'], fileInternalPath: '*.schema.ts' } };
/** What src/site may take from the islands: their descriptors and the widgets it prerenders for hydration. */
const islandsForSite = [
  'types.ts',
  'registry.ts',
  'cart-button.tsx',
  'currency-selector.tsx',
  'downloadable-content.tsx',
  'language-switch.tsx',
  'newsletter-modal.tsx',
  'payment-frequency-switch.tsx',
  'product-tier-switch.tsx',
  'questionnaire.tsx',
];
/** Co-located tests (src/**\/*.test.ts[x]) may also use the helpers in tests/. */
const testHelpers = { from: { file: { categories: 'test' } }, allow: tier('tests') };

/**
 * Each tier starts with a catch-all `disallow` carrying the tier's message, then lists
 * what it may import: the last matching policy wins, so an import that no `allow`
 * matches is reported with its tier's message.
 */
const policy = (fromTypes, message, ...allows) => [
  { from: is(...fromTypes), disallow: [anyLocal, nodeBuiltins], message: `{{dependency.source}}: ${message}` },
  ...allows.map((allow) => ({ from: is(...fromTypes), ...allow })),
];

const boundaryPolicies = [
  // npm packages and Node built-ins: allowed unless a tier below forbids them.
  { allow: [{ to: { module: { origin: 'external' } } }, nodeBuiltins] },

  ...policy(['shared'], 'src/shared/ runs in Node and the browser: it may import only src/shared/ (no other tier, no node:* built-ins).'),

  ...policy(
    ['captcha'],
    'src/captcha/ (puzzle provider) may import only src/shared/ and itself.',
    { allow: [tier('shared'), nodeBuiltins] },
    testHelpers,
  ),

  ...policy(
    ['server'],
    'src/server/ may import src/shared/, src/captcha/ and itself; of the modules, only app.ts, services.ts, api-routes.ts and main.ts may import them, and only their *.routes.ts, *.service.ts and *.rules.ts files.',
    { allow: [tier('shared', 'captcha'), nodeBuiltins] },
    {
      from: { element: { types: ['server'], fileInternalPath: ['app.ts', 'services.ts', 'api-routes.ts', 'main.ts'] } },
      allow: { to: { element: { types: ['server-module'], fileInternalPath: ['*.routes.ts', ...modulePublicFiles] } } },
    },
    // drizzle-kit's index of every table (docs/decisions/058-tables-owned-by-modules.md).
    { from: { element: { types: ['server'], fileInternalPath: ['db/schema.ts'] } }, allow: { to: moduleSchemaFiles } },
    testHelpers,
  ),

  ...policy(
    ['server-module'],
    "a server module (src/server/modules/<domain>/) may import src/shared/, src/captcha/, the server infrastructure (src/server/db, plugins, http, env.ts) and other modules' *.service.ts and *.rules.ts files only (not their repositories, routes or other files).",
    { allow: [tier('shared', 'captcha'), nodeBuiltins] },
    { allow: { to: { element: { types: ['server'], fileInternalPath: serverInfrastructure } } } },
    { allow: { to: { element: { types: ['server-module'], fileInternalPath: modulePublicFiles } } } },
    // A schema file may name another module's table for a foreign key (docs/decisions/058-tables-owned-by-modules.md).
    { from: moduleSchemaFiles, allow: { to: moduleSchemaFiles } },
    testHelpers,
    {
      from: is('server-module'),
      disallow: { to: { element: { types: ['server'], fileInternalPath: 'db/schema.ts' } } },
      message:
        "{{dependency.source}}: db/schema.ts is drizzle-kit's index of every table; a module imports only its own *.schema.ts and asks other modules' services for their rows (docs/decisions/058-tables-owned-by-modules.md).",
    },
    // A module's tests check rows of every table.
    { from: { file: { categories: 'test' } }, allow: { to: { element: { types: ['server'], fileInternalPath: 'db/schema.ts' } } } },
  ),

  ...policy(['client-lib'], 'src/client/lib/ may import only src/shared/ (not src/client/ui/ nor any other client folder; no node:* built-ins).', {
    allow: tier('shared'),
  }),

  ...policy(
    ['client-ui'],
    'src/client/ui/ may import only src/client/lib/ and src/shared/ (no node:* built-ins).',
    { allow: tier('client-lib', 'shared') },
    testHelpers,
  ),

  ...policy(
    ['client-features'],
    'src/client/features/ may import only src/client/ui/, src/client/lib/ and src/shared/ (no node:* built-ins).',
    { allow: tier('client-ui', 'client-lib', 'shared') },
    testHelpers,
  ),

  ...policy(
    ['client-spa'],
    'the SPA (src/client/app/, src/client/admin/) may import src/client/features/, ui/, lib/ and src/shared/ only: not src/client/islands/, not another SPA, no node:* built-ins.',
    { allow: tier('client-features', 'client-ui', 'client-lib', 'shared') },
    testHelpers,
  ),

  ...policy(
    ['client-islands'],
    'src/client/islands/ may import src/client/features/, ui/, lib/ and src/shared/ only: not src/client/app/ (nor admin/), not src/site/ (its CSS included), no node:* built-ins.',
    { allow: tier('client-features', 'client-ui', 'client-lib', 'shared') },
    testHelpers,
  ),

  ...policy(
    ['site'],
    `src/site/ may import src/shared/, src/client/lib/, src/client/ui/ and, of src/client/islands/, only ${islandsForSite.join(', ')}.`,
    { allow: [tier('shared', 'client-lib', 'client-ui'), nodeBuiltins] },
    { allow: { to: { element: { types: ['client-islands'], fileInternalPath: islandsForSite } } } },
    // The hydration test mounts the prerendered pages with the islands' runtime.
    { from: { file: { categories: 'test' } }, allow: { to: { element: { types: ['client-islands'], fileInternalPath: 'mount.tsx' } } } },
  ),

  // tests/ and bench/ are unrestricted.
  { from: is('tests', 'bench'), allow: [anyLocal, nodeBuiltins] },
];

/**
 * Globals that exist only in the browser or only in Node: src/shared/ runs in both. `globals`
 * counts navigator and localStorage as shared (newer Node has them); Node 20 has neither.
 */
const notInBothRuntimes = [
  ...new Set([...Object.keys(globals.browser), ...Object.keys(globals.node)].filter((name) => !(name in globals['shared-node-browser']))),
  'navigator',
  'localStorage',
  'sessionStorage',
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'tmp/', 'data/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': importResolver,
      'boundaries/root-path': root,
      'boundaries/elements': elements,
      'boundaries/files': [{ category: 'test', pattern: 'src/**/*.test.{ts,tsx}' }],
    },
    rules: {
      // checkAllOrigins: also npm packages and node:* built-ins (allowed by the first policy
      // unless a tier forbids them); imports inside one element are not checked.
      'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, policies: boundaryPolicies }],
    },
  },
  {
    // The server modules import each other without a cycle, type imports counted (docs/decisions/059-transition-hooks-and-no-module-cycles.md);
    // the client's and the site's folders cannot form one, as their tiers above import only downwards.
    files: ['src/server/modules/**/*.{js,mjs,ts,mts,tsx}'],
    plugins: { modules: moduleCycles },
    rules: { 'modules/no-cycle': 'error' },
  },
  {
    // A new folder under src/ needs its tier in `elements` (and its policies) first.
    files: ['src/**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    rules: { 'boundaries/no-unknown-files': 'error' },
  },
  {
    // A browser loads the catalogue of its language and audience (src/shared/i18n/README.md):
    // code that runs there imports neither every language's texts nor a catalogue file.
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    ignores: ['src/shared/i18n/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#shared/i18n/messages.ts', '#shared/i18n/site-messages.ts', '**/i18n/messages.ts', '**/i18n/site-messages.ts', '#shared/i18n/*/*', '**/i18n/*/*'],
              message:
                'Browser code translates with src/client/lib/translate.ts and takes the types from src/shared/i18n/catalogue.ts; its catalogue is loaded by language (src/shared/i18n/load-*-catalogue.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Globals are not imports: the boundaries plugin cannot see them.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...notInBothRuntimes.map((name) => ({ name, message: 'src/shared/ runs in Node and the browser: no DOM-only or Node-only globals.' })),
      ],
    },
  },
);
