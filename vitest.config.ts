import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTests = ['src/**/*.api.test.ts'];

/**
 * Projects: `unit` (pure code and components, jsdom where a file asks for it; the scripts',
 * the test helpers' and the lint rules' own code), `api` (the app through inject() on PGlite), `server`
 * (the server as users run it: the bundle `npm start` runs, and a first start of a fresh
 * copy of the repository, tests/server/), and, only
 * when DATABASE_URL is set, `api-postgres` (the same API tests on that PostgreSQL server)
 * and `copies` (two server processes and nginx on one database).
 *
 * Files run in parallel, one worker per core (Vitest's default leaves one core idle): no two
 * test files share state — each API test has its own database, servers listen on free
 * ports, builds go to temporary folders — and the API tests spend much of their time
 * waiting for the database, so the second core is not wasted.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        // The set-up loads the browsers' catalogues, which the components translate with.
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/helpers/*.test.ts', 'eslint/*.test.js'], exclude: apiTests, environment: 'node', setupFiles: ['tests/helpers/browser-catalogues.ts'] },
      },
      {
        extends: true,
        test: { name: 'server', include: ['tests/server/*.test.ts'], environment: 'node', testTimeout: 240_000, hookTimeout: 300_000 },
      },
      {
        extends: true,
        test: { name: 'api', include: apiTests, environment: 'node', env: { TEST_DATABASE: 'pglite' }, testTimeout: 30_000, hookTimeout: 60_000 },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                include: apiTests,
                environment: 'node',
                env: { TEST_DATABASE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
            {
              // Two server processes and nginx on one PostgreSQL database (tests/copies/).
              extends: true as const,
              test: { name: 'copies', include: ['tests/copies/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 180_000 },
            },
          ]
        : []),
    ],
  },
});
