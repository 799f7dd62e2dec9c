import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTests = ['src/**/*.api.test.ts'];

/**
 * Projects: `unit` (pure code and components, jsdom where a file asks for it; the scripts'
 * and the test helpers' own code), `api` (the app through inject() on PGlite), and, only
 * when DATABASE_URL is set, `api-postgres` (the same API tests on that PostgreSQL server)
 * and `copies` (two server processes and nginx on one database).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        // The set-up loads the browsers' catalogues, which the components translate with.
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/helpers/*.test.ts'], exclude: apiTests, environment: 'node', setupFiles: ['tests/helpers/browser-catalogues.ts'] },
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
