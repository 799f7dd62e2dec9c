ALTER TABLE "invoices" ADD COLUMN "credited_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credited_minor" integer DEFAULT 0 NOT NULL;