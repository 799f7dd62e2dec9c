-- The orders table filters and sorts by the buyer's company: a column the database keeps
-- from the invoice info, so no order's JSON is read to compare or sort it, and an index
-- in the table's order by company (upwards), from which a page stops after its rows
-- (docs/decisions/083-company-filter-reads-a-column.md).
ALTER TABLE "orders" ADD COLUMN "company_name" text GENERATED ALWAYS AS (invoice_info->'company'->>'name') STORED;--> statement-breakpoint
CREATE INDEX "orders_company" ON "orders" USING btree (lower("company_name"),"ordered_at","id") WHERE "orders"."deleted_at" is null;