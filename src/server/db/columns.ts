import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column types the modules' schema files share (src/server/modules/<m>/<m>.schema.ts). */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Binary content (a PDF): `bytea`, read as a Buffer from PGlite (Uint8Array) and PostgreSQL alike. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
