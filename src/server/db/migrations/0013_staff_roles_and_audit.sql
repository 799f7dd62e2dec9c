CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_email" text NOT NULL,
	"actor_role" text,
	"client_address" text,
	"action" text NOT NULL,
	"target_kind" text,
	"target_id" text,
	"outcome" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	CONSTRAINT "audit_log_outcome" CHECK ("audit_log"."outcome" in ('success', 'refused', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"language" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invitations_role" CHECK ("staff_invitations"."role" in ('admin', 'editor', 'viewer'))
);
--> statement-breakpoint
-- The accounts that exist before roles become admins; new ones are editors.
ALTER TABLE "admin_users" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ALTER COLUMN "role" SET DEFAULT 'editor';--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at" ON "audit_log" USING btree ("actor_email","at");--> statement-breakpoint
CREATE INDEX "audit_log_target_at" ON "audit_log" USING btree ("target_kind","target_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_at" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "staff_invitations_email" ON "staff_invitations" USING btree ("email");--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role" CHECK ("admin_users"."role" in ('admin', 'editor', 'viewer'));--> statement-breakpoint
-- The audit log is append-only: an UPDATE is refused unless the transaction declared a
-- pseudonymisation (a person's erasure, src/server/modules/audit/audit.repository.ts),
-- which may change only the columns that can hold personal data; a DELETE is refused
-- unless it declared the pruning of rows past the retention period.
CREATE FUNCTION "audit_log_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF coalesce(current_setting('shop.audit_pseudonymise', true), '') <> 'on' THEN
      RAISE EXCEPTION 'audit_log rows are never updated';
    END IF;
    IF NEW.id <> OLD.id OR NEW.at <> OLD.at OR NEW.action <> OLD.action OR NEW.outcome <> OLD.outcome
       OR NEW.actor_role IS DISTINCT FROM OLD.actor_role OR NEW.target_kind IS DISTINCT FROM OLD.target_kind THEN
      RAISE EXCEPTION 'a pseudonymisation changes only the personal columns of audit_log';
    END IF;
    RETURN NEW;
  END IF;
  IF coalesce(current_setting('shop.audit_prune', true), '') <> 'on' THEN
    RAISE EXCEPTION 'audit_log rows are deleted only when pruned';
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_guard"();