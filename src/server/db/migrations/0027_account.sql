-- The buyer's account (docs/decisions/070-buyer-account.md): the sign-in links mailed to an
-- address and the sessions they start, each kept as a SHA-256 of its secret.
CREATE TABLE "account_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "account_sign_in_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "account_sessions_email" ON "account_sessions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "account_sign_in_links_expires_at" ON "account_sign_in_links" USING btree ("expires_at");