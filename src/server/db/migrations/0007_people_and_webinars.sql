CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"granted" boolean NOT NULL,
	"text_version" text NOT NULL,
	"language" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"gender" text,
	"company_name" text,
	"phone_country_code" text,
	"phone_number" text,
	"role" text,
	"experience_level" text,
	"preferred_language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "webinar_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webinar_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webinars" DROP CONSTRAINT "webinars_code_unique";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_subscriptions" ADD CONSTRAINT "webinar_subscriptions_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_subscriptions" ADD CONSTRAINT "webinar_subscriptions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_contact" ON "consents" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_subscriptions_once" ON "webinar_subscriptions" USING btree ("webinar_id","contact_id");--> statement-breakpoint
CREATE INDEX "webinar_subscriptions_contact" ON "webinar_subscriptions" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webinars_code_unique" ON "webinars" USING btree (lower("code")) WHERE "webinars"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "webinars_upcoming" ON "webinars" USING btree ("starts_at") WHERE "webinars"."deleted_at" is null;--> statement-breakpoint
-- Senders of messages received before people were kept as contacts become contacts
-- (the latest message's details win), and their messages point to them.
INSERT INTO "contacts" ("email", "first_name", "last_name", "company_name", "phone_country_code", "phone_number", "preferred_language")
SELECT DISTINCT ON (lower(trim("email"))) lower(trim("email")), "first_name", "last_name", "company", "phone_country_code", "phone_number", "language"
FROM "contact_messages" ORDER BY lower(trim("email")), "received_at" DESC
ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
UPDATE "contact_messages" m SET "contact_id" = c."id" FROM "contacts" c WHERE c."email" = lower(trim(m."email"));
