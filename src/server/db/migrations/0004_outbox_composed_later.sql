ALTER TABLE "outbox" ALTER COLUMN "raw" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "payload" jsonb;