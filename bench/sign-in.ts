import { pathToFileURL } from 'node:url';
import { buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { seedDatabase } from '#server/db/seed/seed.ts';
import { argon2Options, hashPassword, verifyPassword } from '#server/modules/staff/passwords.ts';
import { solveCaptcha } from '../tests/helpers/captcha.ts';
import { startXsrfSession } from '../tests/helpers/xsrf.ts';
import { benchEnv, withPgliteBenchDatabase, withPostgresBenchDatabase } from './database.ts';
import { percentile } from './load.ts';

/**
 * `npx tsx bench/sign-in.ts`: the staff sign-in, `POST /api/users/login` with a correct
 * password, ~30 sign-ins one after the other through `app.inject`, each with a `signIn`
 * captcha solved beforehand (as the API tests do), so the figure is the server's work:
 * mostly one argon2id verification, plus the throttle, captcha and session rows. On
 * PGlite (a fresh data folder, as `npm start` keeps it) and, with DATABASE_URL set, on a
 * database of its own on that PostgreSQL server (created, then dropped). There is no
 * budget: the figure is reported. `npm run bench:load` runs it too.
 */

const signIns = 30;
const warmUps = 3;

interface SignInFigure {
  p50: number;
  p95: number;
  max: number;
  /** One argon2id verification alone, in this process (median). */
  verifyP50: number;
}

/** The hashing parameters of staff passwords (src/server/modules/staff/passwords.ts). */
const argon2Parameters = `argon2id m=${argon2Options.memoryCost} KiB (${Math.round(argon2Options.memoryCost / 1024)} MiB), t=${argon2Options.timeCost}, p=${argon2Options.parallelism}`;

async function measure(database: Database): Promise<SignInFigure> {
  // Production, as staff sign in; puzzles are solved before measuring.
  const env = benchEnv('tmp/bench-sign-in', { NODE_ENV: 'production' });
  await seedDatabase(database.db);
  const app = await buildApp({ env, database, logger: false });
  try {
    await app.ready();
    const email = 'bench-staff@example.ch';
    const { password } = await app.staffAccounts.addStaff({ email, name: 'Bench Staff' });
    const xsrf = await startXsrfSession(app);
    const solutions: string[] = [];
    for (let i = 0; i < warmUps + signIns; i++) solutions.push(await solveCaptcha(app, 'signIn'));

    const times: number[] = [];
    for (const [index, captchaSolution] of solutions.entries()) {
      const started = process.hrtime.bigint();
      const response = await app.inject({ method: 'POST', url: '/api/users/login', headers: xsrf.headers, payload: { email, password, captchaSolution } });
      const took = Number(process.hrtime.bigint() - started) / 1e6;
      if (response.statusCode !== 200) throw new Error(`sign-in: ${response.statusCode} ${response.body}`);
      if (index >= warmUps) times.push(took);
    }
    times.sort((a, b) => a - b);

    // The share of argon2: the same verification alone.
    const hash = await hashPassword(password);
    const verifies: number[] = [];
    for (let i = 0; i < signIns; i++) {
      const started = process.hrtime.bigint();
      await verifyPassword(hash, password);
      verifies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    verifies.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0, verifyP50: percentile(verifies, 50) };
  } finally {
    await app.close();
  }
}

/** On PGlite in a fresh data folder. */
export function benchSignInPglite(): Promise<SignInFigure> {
  return withPgliteBenchDatabase('tmp/bench-sign-in', measure);
}

/** On a fresh database of the PostgreSQL server of `baseUrl`, dropped afterwards. */
export function benchSignInPostgres(baseUrl: string): Promise<SignInFigure> {
  return withPostgresBenchDatabase(baseUrl, measure);
}

/** The figure as bench/run.ts prints it. */
export function describeSignIn(figure: SignInFigure): string {
  return `p50 ${figure.p50.toFixed(1)} ms, p95 ${figure.p95.toFixed(1)} ms (argon2id verify alone: p50 ${figure.verifyP50.toFixed(1)} ms)`;
}

export const signInLabel = (database: string) =>
  `staff sign-in POST /api/users/login (${database}), ${signIns} sign-ins one at a time, captcha solved beforehand; ${argon2Parameters}`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const run = async () => {
    console.log(`${signInLabel('PGlite')}: ${describeSignIn(await benchSignInPglite())}`);
    if (process.env.DATABASE_URL) console.log(`${signInLabel('PostgreSQL')}: ${describeSignIn(await benchSignInPostgres(process.env.DATABASE_URL))}`);
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
