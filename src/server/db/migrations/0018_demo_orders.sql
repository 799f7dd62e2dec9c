-- A demo order of a first start is marked, so that billing mails none of its invoices and reminders (decision 055).
ALTER TABLE "orders" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The demo orders made before the mark: the only orders with staff actions taken by the system (src/server/modules/demo/demo.service.ts; the
-- system's other action, ABANDON, is a cart's), and with invented addresses under the reserved `.example` domain.
UPDATE "orders" SET "demo" = true
 WHERE "invoice_info"->'contact'->>'email' LIKE '%.example'
   AND EXISTS (SELECT 1 FROM "order_history" h WHERE h."order_id" = "orders"."id" AND h."actor" = 'system' AND h."action" <> 'ABANDON');
