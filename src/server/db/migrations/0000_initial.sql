CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "captcha_replays" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downloadables" (
	"code" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"titles" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"gender" text,
	"company_name" text,
	"phone_country_code" text,
	"phone_number" text,
	"role" text,
	"experience_level" text,
	"topic_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferred_language" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscribers_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "newsletter_topics" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"titles" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_code" text NOT NULL,
	"payment_frequency" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "product_prices_product_code_payment_frequency_currency_pk" PRIMARY KEY("product_code","payment_frequency","currency"),
	CONSTRAINT "product_prices_amount_positive" CHECK ("product_prices"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"product_code" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"features" jsonb NOT NULL,
	CONSTRAINT "product_translations_product_code_language_pk" PRIMARY KEY("product_code","language")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"code" text PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webinars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webinars_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captcha_replays_expires_at" ON "captcha_replays" USING btree ("expires_at");