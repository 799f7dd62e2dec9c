CREATE TABLE "deletion_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"contact_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"topic_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"last_mail_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_status" CHECK ("newsletter_subscriptions"."status" in ('PENDING', 'CONFIRMED', 'UNSUBSCRIBED'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"contact_id" uuid NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_tokens" ADD CONSTRAINT "newsletter_tokens_contact_id_newsletter_subscriptions_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."newsletter_subscriptions"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deletion_requests_contact" ON "deletion_requests" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_confirmed" ON "newsletter_subscriptions" USING btree ("contact_id") WHERE "newsletter_subscriptions"."status" = 'CONFIRMED';--> statement-breakpoint
CREATE INDEX "newsletter_tokens_contact" ON "newsletter_tokens" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contacts_created_at" ON "contacts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Data of the tables the people module replaces (docs/decisions/016-newsletter-double-opt-in.md).
-- Every consent copied here refers to the privacy policy of 2026-06-01 (privacyPolicyVersion
-- in src/shared/consents.ts), the only version the shop's forms have ever shown.
--
-- 1. Newsletter subscribers become contacts. A known address keeps what its contact says and
-- only gets its empty fields filled, as a form would; a phone's country is kept only with a number.
INSERT INTO "contacts" ("email", "first_name", "last_name", "gender", "company_name", "phone_country_code", "phone_number", "role", "experience_level", "preferred_language", "created_at")
SELECT DISTINCT ON (lower(trim("email"))) lower(trim("email")), "first_name", "last_name", "gender", "company_name",
  CASE WHEN "phone_number" IS NULL THEN NULL ELSE "phone_country_code" END, "phone_number", "role", "experience_level", "preferred_language", "created_at"
FROM "newsletter_subscribers" ORDER BY lower(trim("email")), "created_at" DESC
ON CONFLICT ("email") DO UPDATE SET
  "first_name" = coalesce("contacts"."first_name", excluded."first_name"),
  "last_name" = coalesce("contacts"."last_name", excluded."last_name"),
  "gender" = coalesce("contacts"."gender", excluded."gender"),
  "company_name" = coalesce("contacts"."company_name", excluded."company_name"),
  "phone_country_code" = coalesce("contacts"."phone_country_code", excluded."phone_country_code"),
  "phone_number" = coalesce("contacts"."phone_number", excluded."phone_number"),
  "role" = coalesce("contacts"."role", excluded."role"),
  "experience_level" = coalesce("contacts"."experience_level", excluded."experience_level"),
  "preferred_language" = coalesce("contacts"."preferred_language", excluded."preferred_language"),
  "updated_at" = now();--> statement-breakpoint
-- Their subscriptions: nobody ever confirmed one (no mail was sent), so none counts as
-- confirmed. A subscriber is PENDING without a link that works, and gets nothing until they
-- subscribe again and confirm; one who had unsubscribed stays UNSUBSCRIBED.
INSERT INTO "newsletter_subscriptions" ("contact_id", "status", "topic_ids", "source", "requested_at", "unsubscribed_at", "created_at")
SELECT DISTINCT ON (c."id") c."id", CASE WHEN s."unsubscribed_at" IS NULL THEN 'PENDING' ELSE 'UNSUBSCRIBED' END,
  ARRAY(SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(s."topic_ids") = 'array' THEN s."topic_ids" ELSE '[]'::jsonb END)),
  'NEWSLETTER', s."created_at", s."unsubscribed_at", s."created_at"
FROM "newsletter_subscribers" s JOIN "contacts" c ON c."email" = lower(trim(s."email"))
ORDER BY c."id", s."created_at" DESC
ON CONFLICT ("contact_id") DO NOTHING;--> statement-breakpoint
-- The newsletter form asked for the privacy-policy consent: one row per subscriber, at the time they subscribed.
INSERT INTO "consents" ("contact_id", "subject", "granted", "text_version", "language", "source", "created_at")
SELECT c."id", 'DATA_PRIVACY', true, '2026-06-01', s."preferred_language", 'NEWSLETTER', s."created_at"
FROM "newsletter_subscribers" s JOIN "contacts" c ON c."email" = lower(trim(s."email"));--> statement-breakpoint
-- 2. Whoever saved a cart by e-mail becomes a contact (the latest save's details, filling gaps only).
INSERT INTO "contacts" ("email", "first_name", "last_name", "gender", "company_name", "phone_country_code", "phone_number", "role", "experience_level", "preferred_language", "created_at")
SELECT DISTINCT ON (lower(trim(o."subscriber_email"))) lower(trim(o."subscriber_email")),
  nullif(trim(o."subscriber"->>'firstName'), ''), nullif(trim(o."subscriber"->>'lastName'), ''), nullif(o."subscriber"->>'gender', ''),
  nullif(trim(o."subscriber"->>'companyName'), ''),
  CASE WHEN nullif(o."subscriber"->>'phoneNumber', '') IS NULL THEN NULL ELSE nullif(o."subscriber"->>'phoneCountryCode', '') END,
  nullif(o."subscriber"->>'phoneNumber', ''), nullif(o."subscriber"->>'role', ''), nullif(o."subscriber"->>'experienceLevel', ''),
  coalesce(o."subscriber"->>'preferredLanguage', o."language"), coalesce(o."subscribed_at", o."created_at")
FROM "orders" o WHERE nullif(trim(o."subscriber_email"), '') IS NOT NULL
ORDER BY lower(trim(o."subscriber_email")), o."subscribed_at" DESC NULLS LAST
ON CONFLICT ("email") DO UPDATE SET
  "first_name" = coalesce("contacts"."first_name", excluded."first_name"),
  "last_name" = coalesce("contacts"."last_name", excluded."last_name"),
  "gender" = coalesce("contacts"."gender", excluded."gender"),
  "company_name" = coalesce("contacts"."company_name", excluded."company_name"),
  "phone_country_code" = coalesce("contacts"."phone_country_code", excluded."phone_country_code"),
  "phone_number" = coalesce("contacts"."phone_number", excluded."phone_number"),
  "role" = coalesce("contacts"."role", excluded."role"),
  "experience_level" = coalesce("contacts"."experience_level", excluded."experience_level"),
  "preferred_language" = coalesce("contacts"."preferred_language", excluded."preferred_language"),
  "updated_at" = now();--> statement-breakpoint
-- Their consent to the privacy policy, one row per saved cart, unless the save already wrote
-- it (saves since the people module record the person and the consent in one transaction).
INSERT INTO "consents" ("contact_id", "subject", "granted", "text_version", "language", "source", "created_at")
SELECT c."id", 'DATA_PRIVACY', true, '2026-06-01', coalesce(o."subscriber"->>'preferredLanguage', o."language"), 'SAVE_CART', coalesce(o."subscribed_at", o."created_at")
FROM "orders" o JOIN "contacts" c ON c."email" = lower(trim(o."subscriber_email"))
WHERE NOT EXISTS (
  SELECT 1 FROM "consents" k
  WHERE k."contact_id" = c."id" AND k."subject" = 'DATA_PRIVACY' AND k."source" = 'SAVE_CART'
    AND k."created_at" BETWEEN coalesce(o."subscribed_at", o."created_at") - interval '1 minute' AND coalesce(o."subscribed_at", o."created_at") + interval '1 minute'
);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "newsletter_subscribers" CASCADE;
