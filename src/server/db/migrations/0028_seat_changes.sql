-- Seat changes on a monthly plan (docs/decisions/072-seat-changes.md): a reduction waits on
-- its line until the period it takes effect from is billed.
ALTER TABLE "order_items" ADD COLUMN "pending_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pending_from" date;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pending_quantity_range" CHECK ("order_items"."pending_quantity" is null or "order_items"."pending_quantity" between 1 and 10000);