/**
 * `npm run billing -- [--as-of YYYY-MM-DD] [--dry-run]`: the billing job once, on the
 * database of the environment (docs/product/billing.md). On PostgreSQL it runs beside the
 * servers (the job takes each order and period once, whoever runs it). The embedded
 * database opens in one process at a time: while a server holds DATA_DIR it refuses,
 * saying so, rather than report work that would not happen.
 */
import { buildApp } from '#server/app.ts';
import { DataFolderInUse } from '#server/db/data-folder-lock.ts';
import { runBillingCommand } from '#server/modules/billing/billing-cli.ts';
import { runWithDatabase } from './run-with-database.ts';

runWithDatabase(
  async ({ env, database }) => {
    // The server's own wiring, without its workers: the mails go into the outbox for the server's mail worker.
    const app = await buildApp({ env, database, logger: false });
    try {
      return await runBillingCommand(process.argv.slice(2), { billing: app.billing, print: (line) => console.log(line) });
    } finally {
      await app.close();
    }
  },
  (error) =>
    error instanceof DataFolderInUse
      ? `Billing refused, nothing was billed: ${error.message} ` +
        'On the embedded database the running server bills by itself (BILLING=on, at start and hourly); to bill as of another day, stop the server first.'
      : undefined,
);
