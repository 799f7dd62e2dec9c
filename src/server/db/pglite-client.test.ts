import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from './client.ts';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe('the embedded database (PGlite in its own thread)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.db.execute(sql`create table probe (n int primary key)`);
  }, 60_000);
  afterAll(() => database.close());

  test('while the engine works on a statement, the server thread keeps serving', async () => {
    let turns = 0;
    const timer = setInterval(() => turns++, 10);
    try {
      await database.db.execute(sql`select pg_sleep(0.5)`);
    } finally {
      clearInterval(timer);
    }
    // In the server's thread, the half second of the statement would allow no turn at all.
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  test('statements sent at once run in the order they were sent, each seeing the ones before', async () => {
    await database.db.execute(sql`delete from probe`);
    const counts = await Promise.all(
      Array.from({ length: 50 }, (_, n) => database.db.execute(sql`with added as (insert into probe values (${n}) returning n) select (select count(*)::int from probe) + (select count(*)::int from added) as count`)),
    );
    expect(counts.map((result) => rowsOf<{ count: number }>(result)[0]?.count)).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
  });

  test('a statement outside a transaction waits for it and sees only what it committed', async () => {
    await database.db.execute(sql`delete from probe`);
    let outside: Promise<unknown> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (1)`);
        // `then` sends it now (Drizzle's queries start when awaited), while the transaction is open.
        outside = database.db.execute(sql`select count(*)::int as count from probe`).then((result) => result);
        await tx.execute(sql`insert into probe values (2)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(rowsOf<{ count: number }>(await outside)[0]?.count).toBe(0);

    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (3)`);
    });
    expect(rowsOf<{ n: number }>(await database.db.execute(sql`select n from probe`))).toEqual([{ n: 3 }]);
  });

  test('an error answers the statement that caused it, with its code, and the next statement runs', async () => {
    await database.db.execute(sql`delete from probe`);
    await database.db.execute(sql`insert into probe values (7)`);
    const failure = await database.db.execute(sql`insert into probe values (7)`).catch((error: unknown) => error);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe('23505');
    expect(rowsOf<{ count: number }>(await database.db.execute(sql`select count(*)::int as count from probe`))[0]?.count).toBe(1);
  });

  test('arrays, bytes and JSON come back parsed as PGlite parses them, timestamps as the text Drizzle asks for', async () => {
    const [row] = rowsOf<{ list: number[]; bytes: Uint8Array; at: string; doc: { a: number } }>(
      await database.db.execute(sql`select array[1, 2, 3]::int[] as list, '\\x0102'::bytea as bytes, timestamptz '2026-11-24 10:00:00+00' as at, '{"a": 1}'::json as doc`),
    );
    expect(row?.list).toEqual([1, 2, 3]);
    expect([...(row?.bytes ?? [])]).toEqual([1, 2]);
    expect(row?.at).toBe('2026-11-24 10:00:00+00');
    expect(row?.doc).toEqual({ a: 1 });
  });

  test('the write count moves with each statement that may write, not with plain reads', async () => {
    const before = database.writeCount?.() ?? Number.NaN;
    await database.db.execute(sql`select count(*) from probe`);
    expect(database.writeCount?.()).toBe(before);
    await database.db.execute(sql`update probe set n = n`);
    expect(database.writeCount?.()).toBe(before + 1);
  });
});

describe('the data folder', () => {
  const folder = `tmp/pglite-missing-${process.pid}`;
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('is made, with its parents, when it does not exist, and keeps what was written', async () => {
    rmSync(folder, { recursive: true, force: true });
    const first = await openDatabase({ pgliteDir: `${folder}/nested/pgdata` });
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept values (42)`);
    await first.close();
    const again = await openDatabase({ pgliteDir: `${folder}/nested/pgdata` });
    try {
      expect(rowsOf<{ n: number }>(await again.db.execute(sql`select n from kept`))).toEqual([{ n: 42 }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});
