/**
 * Answers read from the database, kept for as long as nothing has written to it since
 * (docs/decisions/022-cart-read-cache.md). It needs the database's write count, which
 * only a database written by this process alone has (`Database.writeCount`, PGlite);
 * without one every call reads anew. Any write drops every kept answer, so an answer can
 * never be older than the data, whichever module changed it.
 */
export interface UnchangedCache<Value> {
  /** The kept answer for `key` when the database is unchanged since it was read; otherwise `read()`, kept. */
  get(key: string, read: () => Promise<Value>): Promise<Value>;
}

export function cacheWhileUnchanged<Value>(writeCount: (() => number) | undefined, maxEntries = 10_000): UnchangedCache<Value> {
  if (!writeCount) return { get: (_key, read) => read() };
  const entries = new Map<string, Value>();
  /** The write count the kept answers were read at. */
  let keptAt = writeCount();
  return {
    async get(key, read) {
      // Counted before reading: a write that runs while the read waits makes the count
      // move on, so what the read brings back is not kept under the newer count.
      const readAt = writeCount();
      if (readAt !== keptAt) {
        entries.clear();
        keptAt = readAt;
      }
      const kept = entries.get(key);
      if (kept !== undefined) return kept;
      const value = await read();
      if (writeCount() === readAt && keptAt === readAt) {
        entries.set(key, value);
        // Oldest first: past the limit the earliest kept answer goes.
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return value;
    },
  };
}

/**
 * Values kept with the version of the row they were read from, for a database other
 * processes write too (PostgreSQL), where no write count tells this process of their
 * changes: the caller reads the row's version (one indexed read) and gets the kept value
 * only while it is unchanged (docs/decisions/071-cart-views-kept-by-row-version.md).
 */
export interface KeptByVersion<Value> {
  get(key: string, version: string): Value | undefined;
  set(key: string, version: string, value: Value): void;
}

export function keptByVersion<Value>(maxEntries = 10_000): KeptByVersion<Value> {
  const entries = new Map<string, { version: string; value: Value }>();
  return {
    get(key, version) {
      const kept = entries.get(key);
      return kept?.version === version ? kept.value : undefined;
    },
    set(key, version, value) {
      // Set anew, so the map's order is the order of last writes: past the limit the oldest goes.
      entries.delete(key);
      entries.set(key, { version, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
  };
}
