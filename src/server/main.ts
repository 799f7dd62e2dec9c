import path from 'node:path';
import { openDatabase } from './db/client.ts';
import { EnvError, readEnv } from './env.ts';

/** A stop waits this long for the requests in progress (and their connections), then closes them. */
const requestsSeconds = 10;
/** Past this the process exits, whatever is still running. */
const stopSeconds = 15;

/** Reads the environment, opens and seeds the database, serves, and closes gracefully. */
async function main(): Promise<void> {
  const env = readEnv();
  // The database opens (PGlite in its own thread) while the rest of the server loads: the
  // modules are imported here rather than at the top, so both go on at once
  // (docs/decisions/052-quick-start.md).
  const [database, { buildApp }, { seedDatabase }, { clientAddressRules }, { followConnections }, { listenAsConfigured }] = await Promise.all([
    openDatabase({
      databaseUrl: env.DATABASE_URL,
      migrationDatabaseUrl: env.MIGRATION_DATABASE_URL,
      auditRetentionDays: env.AUDIT_RETENTION_DAYS,
      pgliteDir: path.join(env.DATA_DIR, 'pgdata'),
    }),
    import('./app.ts'),
    import('./db/seed/seed.ts'),
    import('./plugins/client-address.ts'),
    import('./plugins/graceful-stop.ts'),
    import('./listen.ts'),
  ]);
  await seedDatabase(database.db);
  const app = await buildApp({ env, database, startWorkers: true });
  // Demo orders on a database without any order, so the back office has something to
  // show; before listening, so no request sees them half made. No mail is queued for them.
  if (env.DEMO_ORDERS && env.NODE_ENV !== 'test') {
    const { created } = await app.demo.seedDemoOrders();
    if (created > 0) app.log.info({ count: created }, 'demo orders created (DEMO_ORDERS=false turns this off)');
  }
  // Staff accounts: the one of ADMIN_EMAIL/ADMIN_PASSWORD when absent; without them, on a
  // database without any account, a demo account whose password is shown this once.
  const started = await app.staffAccounts.ensureStartAccounts({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  if (started.created === 'admin') app.log.info({ email: started.email }, 'staff account of ADMIN_EMAIL created');
  if (started.created === 'demo') {
    app.log.info({ email: started.email }, 'demo staff account created');
    console.log(
      [
        '',
        'No staff account existed, so a demo account was created. Sign in to the back office with:',
        `  e-mail:   ${started.email}`,
        `  password: ${started.password}`,
        'This password is shown only this once. Change it after signing in, or set ADMIN_EMAIL and',
        'ADMIN_PASSWORD, or add accounts with `npm run staff -- add EMAIL`.',
        '',
      ].join('\n'),
    );
  }

  // Connections are followed from the start, so that a stop knows which are idle.
  const http = followConnections(app.server, { isProxy: clientAddressRules(env).isProxy });
  let stopping = false;
  /** Stops gracefully, then exits with `exitCode`: 1 after a failure, so that a supervisor starts the server again. */
  const stop = async (reason: NodeJS.Signals | 'failure', exitCode = 0) => {
    // Once is enough: Ctrl-C under `npm start` arrives twice, from the terminal and from npm.
    if (stopping) return;
    stopping = true;
    app.log.info({ reason }, 'stopping: no new connections, finishing the requests in progress and the mail being sent');
    // A mail send that hangs (transport.ts gives up after 40 s) does not hold the stop up:
    // its claim runs out and another process sends it. The timer also keeps the process
    // alive until the stop is done: once the server is closed, a wait for the database's
    // thread alone would not, and the process would end on its own, half stopped, with 0.
    setTimeout(() => {
      app.log.error(`not stopped within ${stopSeconds} s: exiting`);
      process.exit(1);
    }, stopSeconds * 1000);
    try {
      await Promise.all([http.stop(requestsSeconds * 1000), app.mailWorker.stop()]);
      await app.close(); // the order jobs and the invoice thread
      await database.close();
      app.log.info('stopped');
      process.exit(exitCode);
    } catch (error) {
      app.log.error({ err: error }, 'stop failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // What escaped every handler leaves the process in a state nobody planned for: it is
  // logged, what is in flight is answered, and the process ends with a failure for its
  // supervisor to start it again (deploy/systemd/shop.service). A request's own failure
  // never gets here: Fastify and src/server/app.ts answer it with 500.
  const fail = (kind: string) => (error: unknown) => {
    app.log.fatal({ err: error }, `${kind}: stopping`);
    void stop('failure', 1);
  };
  process.on('uncaughtException', fail('uncaught exception'));
  process.on('unhandledRejection', fail('unhandled rejection'));

  // The message names the address actually bound (PORT=0 picks a free port; or the socket of SOCKET_PATH) and the public one.
  const listening = await listenAsConfigured(app, env);
  app.log.info(`listening on ${listening}, public address ${env.PUBLIC_URL} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
