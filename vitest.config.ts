import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTests = ['src/**/*.api.test.ts'];

/**
 * Three projects: `unit` (pure code and components, jsdom where a file asks for it),
 * `api` (the app through inject() on PGlite), and `api-postgres` (the same API tests on
 * the PostgreSQL server of DATABASE_URL; only when it is set).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], exclude: apiTests, environment: 'node' },
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
          ]
        : []),
    ],
  },
});
