import { defineConfig, devices } from '@playwright/test';
import { chromiumPath, visitorBrowserArgs } from './tests/chromium.ts';
import { staffAccount } from './tests/e2e/support/staff-account.ts';

// E2E_PORT moves the whole run (server, SMTP sink and its mailbox) so that two checkouts
// of the project can run their browser tests side by side.
const port = Number(process.env.E2E_PORT ?? 3100);
const smtpSinkPort = port + 1;
const smtpSinkHttpPort = port + 2;
// The journeys read the sink's mailbox through this (tests/e2e/support/mailbox.ts).
process.env.SMTP_SINK_HTTP_PORT = String(smtpSinkHttpPort);

/**
 * Browser journeys in Chromium (Debian's, or the npm package's where that is missing:
 * tests/chromium.ts) against the server as users run it: `npm start`'s own script, which
 * builds what changed and runs the bundle in dist/server/ with node alone, on a fresh
 * embedded database, with the default settings but for what the journeys must set.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: chromiumPath, args: visitorBrowserArgs },
  },
  webServer: [
    {
      command: 'tsx tests/e2e/support/smtp-sink.ts',
      url: `http://127.0.0.1:${smtpSinkHttpPort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { SMTP_SINK_PORT: String(smtpSinkPort), SMTP_SINK_HTTP_PORT: String(smtpSinkHttpPort) },
    },
    {
      command: `rm -rf tmp/e2e-data-${port} && node scripts/start.mjs`,
      url: `http://127.0.0.1:${port}/api/ready`,
      // Long enough for the build, when the sources changed since the last one.
      timeout: 240_000,
      reuseExistingServer: false,
      // Playwright passes its own environment on: what a user would not have set is emptied,
      // which the server reads as unset (src/server/env.ts), so its defaults hold.
      env: {
        NODE_ENV: '',
        LOG_LEVEL: '',
        DATABASE_URL: '',
        MIGRATION_DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: `tmp/e2e-data-${port}`,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: `smtp://127.0.0.1:${smtpSinkPort}`,
        // The staff account of the back-office journeys (tests/e2e/support/staff.ts).
        ADMIN_EMAIL: staffAccount.email,
        ADMIN_PASSWORD: staffAccount.password,
        // The journeys send many forms from one address.
        MAIL_FORMS_PER_HOUR: '100000',
      },
    },
  ],
});
