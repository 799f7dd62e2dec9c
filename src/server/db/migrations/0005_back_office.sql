CREATE TABLE "admin_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"pending_second_factor" boolean DEFAULT false NOT NULL,
	"user_agent" text,
	"client_address" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"paid_on" date NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_amount_positive" CHECK ("order_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"view" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"client_address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contract_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_net_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_due_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "canceled_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terminated_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terminated_from" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_admin_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_recovery_codes_user_id" ON "admin_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "admin_sessions_user_id" ON "admin_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_notes_order_id" ON "order_notes" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_payments_order_id" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "saved_views_owner_id" ON "saved_views" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "sign_in_failures_email_at" ON "sign_in_failures" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_client_at" ON "sign_in_failures" USING btree ("client_address","at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_status_ordered_at" ON "orders" USING btree ("status","ordered_at");--> statement-breakpoint
CREATE INDEX "orders_ordered_at" ON "orders" USING btree ("ordered_at");--> statement-breakpoint
CREATE INDEX "outbox_order_id" ON "outbox" USING btree ("order_id");--> statement-breakpoint
-- Orders placed before these columns existed: their net total, due amount and agreement time.
-- What falls due is the gross the invoice asks for (src/server/modules/checkout/vat.ts,
-- totalsFor): net + VAT rounded to the Rappen, half up; VAT is 8.1 % when the billing
-- country (the invoice address when invoiceAddressSameAsAddress is false, else the address)
-- is CH or LI, else 0 % (reverse charge, export).
UPDATE "orders" SET
	"total_net_minor" = "totals"."net",
	"amount_due_minor" = "totals"."net" + CASE
		WHEN (CASE WHEN "orders"."invoice_info"->'invoiceAddressSameAsAddress' = 'false'::jsonb
			THEN "orders"."invoice_info"->'invoiceAddress'->>'countryCode'
			ELSE "orders"."invoice_info"->'address'->>'countryCode' END) IN ('CH', 'LI')
		THEN ROUND("totals"."net" * 0.081)
		ELSE 0 END,
	"contract_accepted_at" = "orders"."ordered_at"
FROM (
	SELECT "order_id", SUM(CASE WHEN "payment_frequency" = 'MONTHLY'
		THEN "unit_price_minor" * "quantity" * COALESCE("period_months", 12)
		ELSE "unit_price_minor" * "quantity" END) AS "net"
	FROM "order_items" WHERE "status" = 'ACTIVE' GROUP BY "order_id"
) AS "totals"
WHERE "totals"."order_id" = "orders"."id" AND "orders"."ordered_at" IS NOT NULL;
