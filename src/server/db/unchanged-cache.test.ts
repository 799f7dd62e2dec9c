import { describe, expect, it } from 'vitest';
import { cacheWhileUnchanged, keptByVersion } from './unchanged-cache.ts';

/** A database's write count, moved by hand, and a read that counts how often it ran. */
function setUp(maxEntries?: number) {
  let writes = 0;
  let reads = 0;
  const cache = cacheWhileUnchanged<string>(() => writes, maxEntries);
  const read = (value: string) => async () => {
    reads++;
    return value;
  };
  return { cache, read, write: () => writes++, reads: () => reads };
}

describe('cacheWhileUnchanged', () => {
  it('answers from what it kept while nothing was written', async () => {
    const { cache, read, reads } = setUp();
    expect(await cache.get('a', read('first'))).toBe('first');
    expect(await cache.get('a', read('second'))).toBe('first');
    expect(reads()).toBe(1);
  });

  it('reads anew after any write', async () => {
    const { cache, read, write, reads } = setUp();
    await cache.get('a', read('first'));
    write();
    expect(await cache.get('a', read('second'))).toBe('second');
    expect(await cache.get('a', read('third'))).toBe('second');
    expect(reads()).toBe(2);
  });

  it('does not keep what was read while a write ran', async () => {
    const { cache, write } = setUp();
    const racing = async () => {
      write();
      return 'read during a write';
    };
    expect(await cache.get('a', racing)).toBe('read during a write');
    expect(await cache.get('a', async () => 'after')).toBe('after');
  });

  it('keeps nothing of a read that failed', async () => {
    const { cache, read } = setUp();
    await expect(cache.get('a', () => Promise.reject(new Error('no such cart')))).rejects.toThrow('no such cart');
    expect(await cache.get('a', read('found'))).toBe('found');
  });

  it('keeps answers per key, and no more than its limit, the oldest going first', async () => {
    const { cache, read, reads } = setUp(2);
    await cache.get('a', read('a'));
    await cache.get('b', read('b'));
    await cache.get('c', read('c'));
    expect(await cache.get('b', read('b again'))).toBe('b');
    expect(await cache.get('a', read('a again'))).toBe('a again');
    expect(reads()).toBe(4);
  });

  it('always reads without a write count (a database other processes write to)', async () => {
    let reads = 0;
    const cache = cacheWhileUnchanged<number>(undefined);
    await cache.get('a', async () => ++reads);
    expect(await cache.get('a', async () => ++reads)).toBe(2);
  });
});

describe('keptByVersion', () => {
  it('gives a value back only for the version it was kept with', () => {
    const kept = keptByVersion<string>();
    kept.set('cart', 'v1', 'one seat');
    expect(kept.get('cart', 'v1')).toBe('one seat');
    expect(kept.get('cart', 'v2')).toBeUndefined();
    kept.set('cart', 'v2', 'two seats');
    expect(kept.get('cart', 'v1')).toBeUndefined();
    expect(kept.get('cart', 'v2')).toBe('two seats');
  });

  it('keeps at most so many values, dropping the one written longest ago', () => {
    const kept = keptByVersion<number>(2);
    kept.set('a', '1', 1);
    kept.set('b', '1', 2);
    kept.set('a', '2', 3);
    kept.set('c', '1', 4);
    expect(kept.get('b', '1')).toBeUndefined();
    expect(kept.get('a', '2')).toBe(3);
    expect(kept.get('c', '1')).toBe(4);
  });
});
