CREATE TABLE "newsletter_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"media_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_issue_recipients" (
	"issue_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"mail_id" uuid,
	"queued_at" timestamp with time zone,
	CONSTRAINT "newsletter_issue_recipients_issue_id_contact_id_pk" PRIMARY KEY("issue_id","contact_id"),
	CONSTRAINT "newsletter_issue_recipients_status" CHECK ("newsletter_issue_recipients"."status" in ('PENDING', 'QUEUED', 'SKIPPED'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"editions" jsonb NOT NULL,
	"segment" jsonb NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"send_at" timestamp with time zone,
	"next_batch_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_issues_status" CHECK ("newsletter_issues"."status" in ('DRAFT', 'SCHEDULED', 'SENDING', 'SENT'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_issue_recipients" ADD CONSTRAINT "newsletter_issue_recipients_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issue_recipients" ADD CONSTRAINT "newsletter_issue_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_issue_recipients_pending" ON "newsletter_issue_recipients" USING btree ("issue_id") WHERE "newsletter_issue_recipients"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "newsletter_issue_recipients_contact" ON "newsletter_issue_recipients" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "newsletter_issues_created" ON "newsletter_issues" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_issues_due" ON "newsletter_issues" USING btree ("status") WHERE "newsletter_issues"."status" in ('SCHEDULED', 'SENDING');