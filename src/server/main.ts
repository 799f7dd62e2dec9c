import path from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { ensureAdminUser, seedDatabase } from './db/seed/seed.ts';
import { EnvError, readEnv } from './env.ts';

/** Reads the environment, opens and seeds the database, serves, and closes gracefully. */
async function main(): Promise<void> {
  const env = readEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, 'pgdata'),
  });
  await seedDatabase(database.db);
  const app = await buildApp({ env, database, startWorkers: true });
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD && (await ensureAdminUser(database.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD))) {
    app.log.info({ email: env.ADMIN_EMAIL }, 'admin user created');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close(); // stops accepting, waits for requests in flight
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // The message names the address actually bound (PORT=0 picks a free port) and the public one.
  const listening = await app.listen({ port: env.PORT, host: env.HOST });
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
