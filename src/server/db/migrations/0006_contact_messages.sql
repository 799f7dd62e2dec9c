CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"email" text NOT NULL,
	"phone_country_code" text,
	"phone_number" text,
	"company" text,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"read_at" timestamp with time zone,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "contact_messages_inbox" ON "contact_messages" USING btree (("archived_at" is null),"received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_unread" ON "contact_messages" USING btree ("received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "contact_messages"."read_at" is null and "contact_messages"."archived_at" is null;