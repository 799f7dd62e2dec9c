CREATE TABLE "rate_limit_counters" (
	"scope" text NOT NULL,
	"client_address" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rate_limit_counters_scope_client_address_window_start_pk" PRIMARY KEY("scope","client_address","window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window" ON "rate_limit_counters" USING btree ("window_start");