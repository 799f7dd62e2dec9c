import { pathToFileURL } from 'node:url';
import { buildApp } from '#server/app.ts';
import { orders } from '#server/db/schema.ts';
import { seedDatabase } from '#server/db/seed/seed.ts';
import { orderStatuses, type OrderStatus } from '#shared/orders.ts';
import { signInAsStaff } from '../tests/helpers/staff.ts';
import { runAsOwner } from '../tests/helpers/test-app.ts';
import { benchEnv, postgresUrlOrExit, withPostgresBenchDatabase } from './database.ts';
import { percentile } from './load.ts';

/**
 * `npx tsx bench/orders-list.ts` (DATABASE_URL must name a PostgreSQL server): seeds
 * 100,000 orders into a database of its own (created, then dropped) and measures
 * `POST /api/orders/admin/list` through `app.inject`, ~200 calls per case, signed in as
 * staff: the default work queue, the search box (a buyer's e-mail, a name, part of a
 * company, a number), the other sorts and a deep page. Target: p95 ≤ 50 ms.
 * `npm run bench:load` runs it too when DATABASE_URL is set.
 */

export const orderCount = 100_000;
const callsPerCase = 200;

export interface ListFigure {
  what: string;
  p50: number;
  p95: number;
  max: number;
}

/** A reproducible sequence, so every run seeds the same orders. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const companyStems = ['Muster', 'Beispiel', 'Alpen', 'Helvetia', 'Zürcher', 'Berner', 'Lac Léman', 'Rhein', 'Jura', 'Ticino', 'Säntis', 'Pilatus', 'Aare', 'Limmat', 'Gotthard'];
const companyForms = ['AG', 'GmbH', 'SA', 'Sàrl', 'Holding AG', 'Treuhand GmbH', 'Inc', 'Ltd'];
const firstNames = ['Anna', 'Beat', 'Claudia', 'Daniel', 'Eva', 'Fritz', 'Gabriela', 'Hans', 'Irène', 'Jürg'];
const lastNames = ['Muster', 'Meier', 'Müller', 'Schmid', 'Keller', 'Weber', 'Huber', 'Schneider', 'Frei', 'Brunner'];
/** Mostly placed orders, as a shop that has run for three years has them. */
const statusWeights: Partial<Record<OrderStatus, number>> = {
  SHOPPING_CART: 8, ABANDONED: 10, ORDERED: 6, IN_PROGRESS: 5, INVOICED: 8, PAID: 6, ACTIVE: 12,
  COMPLETED: 15, CANCELED: 5, TERMINATING: 2, TERMINATED: 5, ARCHIVED: 16, DELETED: 2,
};

function seedRows(count: number): (typeof orders.$inferInsert)[] {
  const next = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const weighted = orderStatuses.flatMap((status) => Array.from({ length: statusWeights[status] ?? 0 }, () => status));
  const threeYears = 3 * 365 * 24 * 3600 * 1000;
  return Array.from({ length: count }, (_, index) => {
    const status = pick(weighted);
    const placed = status !== 'SHOPPING_CART' && status !== 'ABANDONED';
    const orderedAt = new Date(Date.now() - Math.floor(next() * threeYears));
    const total = Math.round(next() * 5_000_000);
    return {
      status,
      currency: pick(['CHF', 'CHF', 'EUR', 'USD']),
      language: pick(['de-CH', 'en-US']),
      number: placed ? `${orderedAt.getUTCFullYear()}-${String(index + 1).padStart(6, '0')}` : null,
      orderedAt: placed ? orderedAt : null,
      contractAcceptedAt: placed ? orderedAt : null,
      totalNetMinor: placed ? total : null,
      amountDueMinor: placed ? total : null,
      invoiceInfo: {
        company: { name: `${pick(companyStems)} ${pick(companyStems)} ${pick(companyForms)}` },
        contact: { firstName: pick(firstNames), lastName: pick(lastNames), email: `${pick(firstNames).toLowerCase()}.buyer${index}@example.ch` },
      },
      deletedAt: status === 'DELETED' ? new Date() : null,
      createdAt: orderedAt,
      updatedAt: orderedAt,
    };
  });
}

/** Seeds a fresh database of the PostgreSQL server of `baseUrl`, measures, and drops it. */
export function benchOrdersList(baseUrl: string): Promise<ListFigure[]> {
  return withPostgresBenchDatabase(baseUrl, async (database, postgres) => {
    const env = benchEnv('tmp/bench-orders');
    const app = await buildApp({ env, database, logger: false });
    try {
      await seedDatabase(database.db);
      const rows = seedRows(orderCount);
      for (let start = 0; start < rows.length; start += 1000) await database.db.insert(orders).values(rows.slice(start, start + 1000));
      // What autovacuum does soon after a bulk load: the planner gets the table's statistics,
      // and the visibility map lets counts read the indexes alone.
      await runAsOwner('vacuum analyze orders', { ownerUrl: postgres.migrationUrl, db: database.db });
      await app.ready();
      const staff = await signInAsStaff({ app, database, env, databaseUrl: postgres.url, migrationDatabaseUrl: postgres.migrationUrl, close: async () => {} });

      const cases: [string, object][] = [
        ['default work queue (all but carts), by status, newest first', {}],
        ['needs action (ORDERED, IN_PROGRESS)', { statuses: ['ORDERED', 'IN_PROGRESS'] }],
        ['search: a buyer\'s e-mail', { search: 'buyer54321@example' }],
        ['search: a contact name, two words', { search: 'claudia keller' }],
        ['search: part of a company', { search: 'treuhand' }],
        ['search: an order number', { search: '-012345' }],
        ['default filter, by date received', { sortColumn: 'RECEIVED' }],
        ['company "alpen", sorted by total excl. VAT desc', { company: 'alpen', sortColumn: 'TOTAL_EXCL_VAT', sortDirection: 'DESC' }],
        ['company "ag", sorted by company', { company: 'ag', sortColumn: 'COMPANY' }],
        ['statuses INVOICED+ACTIVE, last 30 days, by status desc', { statuses: ['INVOICED', 'ACTIVE'], dateRange: 'LAST_30_DAYS', sortColumn: 'STATUS', sortDirection: 'DESC' }],
        ['default filter, page 300 of 20', { page: 300 }],
      ];
      const figures: ListFigure[] = [];
      for (const [what, body] of cases) {
        const call = async () => {
          const started = process.hrtime.bigint();
          const response = await app.inject({ method: 'POST', url: '/api/orders/admin/list', headers: staff.headers, payload: body });
          if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
          return Number(process.hrtime.bigint() - started) / 1e6;
        };
        for (let i = 0; i < 20; i++) await call();
        const times: number[] = [];
        for (let i = 0; i < callsPerCase; i++) times.push(await call());
        times.sort((a, b) => a - b);
        figures.push({ what, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 });
      }
      return figures;
    } finally {
      await app.close();
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchOrdersList(postgresUrlOrExit())
    .then((figures) => {
      console.log(`POST /api/orders/admin/list, ${orderCount} orders on PostgreSQL, ${callsPerCase} calls each (target p95 ≤ 50 ms)`);
      console.table(figures.map((f) => ({ case: f.what, 'p50 ms': f.p50.toFixed(1), 'p95 ms': f.p95.toFixed(1), 'max ms': f.max.toFixed(1), met: f.p95 <= 50 ? 'yes' : 'NO' })));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
