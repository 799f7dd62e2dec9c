CREATE TABLE "downloadable_files" (
	"code" text NOT NULL,
	"language" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"content" "bytea" NOT NULL,
	"page_count" integer NOT NULL,
	"cover_svg" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "downloadable_files_code_language_pk" PRIMARY KEY("code","language")
);
--> statement-breakpoint
ALTER TABLE "downloadables" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "downloadables" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "downloadable_files" ADD CONSTRAINT "downloadable_files_code_downloadables_code_fk" FOREIGN KEY ("code") REFERENCES "public"."downloadables"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "downloadables" DROP COLUMN "file_name";--> statement-breakpoint
UPDATE "downloadables" SET "position" = 1, "descriptions" = '{"en-US":"Security awareness for businesses: how to spot phishing, sign in safely with passwords and multi-factor authentication, keep devices updated, make backups that work and report incidents quickly – with a checklist for your company.","de-CH":"Security Awareness für Unternehmen: Phishing erkennen, sicher anmelden mit Passwörtern und Zwei-Faktor-Anmeldung, Geräte aktuell halten, Backups, die funktionieren, und Vorfälle rasch melden – mit einer Checkliste für Ihr Unternehmen."}'::jsonb WHERE "code" = 'guide' AND "descriptions"->>'en-US' LIKE 'Twelve pages%';
