-- Each reminder level an invoice reached becomes a row of its own, with its day and whether
-- it was mailed, so a reminder's text names only reminders that went out
-- (docs/decisions/063-reminder-statements.md); the open invoices of one billing contact are
-- found by an index, for the statement that lists them all.
CREATE TABLE "invoice_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"sent_on" date,
	"mailed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_once" ON "invoice_reminders" USING btree ("invoice_id","level");--> statement-breakpoint
CREATE INDEX "invoices_open_billing_contact" ON "invoices" USING btree (lower("document"->'buyer'->>'email')) WHERE "invoices"."status" = 'OPEN';--> statement-breakpoint
-- The reminders mailed before: one row per invoice and level from the reminder mails of the outbox.
INSERT INTO "invoice_reminders" ("invoice_id", "level", "sent_on", "mailed")
SELECT DISTINCT ON (i."id", (o."payload"->>'step')::int) i."id", (o."payload"->>'step')::int, (o."created_at" AT TIME ZONE 'Europe/Zurich')::date, true
  FROM "outbox" o JOIN "invoices" i ON i."id"::text = o."payload"->>'invoiceId'
 WHERE o."kind" = 'invoiceReminder'
 ORDER BY i."id", (o."payload"->>'step')::int, o."created_at"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A level reached without a mail left in the outbox (a demo order's, or a mail erased with its
-- person) is kept as reached, on an unknown day and not counted as sent.
INSERT INTO "invoice_reminders" ("invoice_id", "level")
SELECT "id", "reminders_sent" FROM "invoices" WHERE "reminders_sent" > 0
ON CONFLICT DO NOTHING;
