/**
 * The database schema, for drizzle-kit, the database client and the migration tooling
 * only: every table is declared in the schema file of the module that owns it
 * (docs/decisions/058-tables-owned-by-modules.md), and a module reads and writes only its
 * own tables; it may not import this file. After a change to a schema file run
 * `npm run db:generate`: drizzle-kit writes the next SQL migration into ./migrations,
 * which the server applies at start.
 */
export * from '#server/modules/account/account.schema.ts';
export * from '#server/modules/audit/audit.schema.ts';
export * from '#server/modules/captcha/captcha.schema.ts';
export * from '#server/modules/catalog/catalog.schema.ts';
export * from '#server/modules/contacts/contacts.schema.ts';
export * from '#server/modules/downloadables/downloadables.schema.ts';
export * from '#server/modules/invoices/invoices.schema.ts';
export * from '#server/modules/mail/mail.schema.ts';
export * from '#server/modules/messages/messages.schema.ts';
export * from '#server/modules/newsletter/newsletter.schema.ts';
export * from '#server/modules/orders/orders.schema.ts';
export * from '#server/modules/orders/order-payments.schema.ts';
export * from '#server/modules/staff/staff.schema.ts';
export * from '#server/modules/webinars/webinars.schema.ts';
export * from '#server/plugins/rate-limit.schema.ts';
