-- The audit log's retention, one row: written at start by the role that migrates
-- (src/server/db/client.ts), read by the pruning below.
CREATE TABLE "audit_log_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"retention_days" integer DEFAULT 730 NOT NULL,
	CONSTRAINT "audit_log_settings_one_row" CHECK ("audit_log_settings"."id" = 1),
	CONSTRAINT "audit_log_settings_retention_days" CHECK ("audit_log_settings"."retention_days" between 1 and 36500)
);
--> statement-breakpoint
INSERT INTO "audit_log_settings" ("id") VALUES (1);--> statement-breakpoint
-- Beside the guard of migration 0013, which stops the accidents of whoever may write to
-- the table: rows inside the retention period are kept even when the pruning is declared,
-- and TRUNCATE (which row triggers do not see) is refused. On PostgreSQL with two roles
-- (docs/product/audit-log.md) the app's role may not UPDATE, DELETE or TRUNCATE the table
-- at all: it goes through the two functions below, which run as the table's owner.
CREATE FUNCTION "audit_log_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'audit_log is never truncated';
  END IF;
  IF OLD.at >= now() - make_interval(days => (SELECT retention_days FROM public.audit_log_settings)) THEN
    RAISE EXCEPTION 'audit_log rows are kept for the retention period';
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_kept_for_retention" BEFORE DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_keep"();--> statement-breakpoint
CREATE TRIGGER "audit_log_never_truncated" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_keep"();--> statement-breakpoint
-- The pruning: deletes the rows older than the retention of audit_log_settings, and
-- nothing else; answers how many. SECURITY DEFINER runs it as the table's owner, with a
-- fixed search_path so that the caller's schemas cannot stand in for ours.
CREATE FUNCTION "audit_log_prune"() RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  retention integer;
  pruned integer;
BEGIN
  SELECT retention_days INTO STRICT retention FROM public.audit_log_settings;
  PERFORM set_config('shop.audit_prune', 'on', true);
  DELETE FROM public.audit_log WHERE at < now() - make_interval(days => retention);
  GET DIAGNOSTICS pruned = ROW_COUNT;
  PERFORM set_config('shop.audit_prune', 'off', true);
  RETURN pruned;
END;
$$;--> statement-breakpoint
-- A person's erasure: in every row that names the address (as the one who acted, as the
-- target, in the summary, any case) or the contact as the target, the address becomes
-- the pseudonym, and the rows the person made lose their client address; answers how many
-- rows changed. Only an e-mail address and a pseudonym of the form `erased-` and 16 hex
-- digits are taken, so no other text of the log can be rewritten through it.
CREATE FUNCTION "audit_log_pseudonymise"(erased_address text, erased_contact_id uuid, new_pseudonym text) RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  address text := lower(erased_address);
  changed integer;
BEGIN
  IF address IS NULL OR address !~ '^[^@[:space:]]+@[^@[:space:]]+$' THEN
    RAISE EXCEPTION 'audit_log_pseudonymise takes an e-mail address';
  END IF;
  IF new_pseudonym IS NULL OR new_pseudonym !~ '^erased-[0-9a-f]{16}$' THEN
    RAISE EXCEPTION 'audit_log_pseudonymise takes a pseudonym erased- and 16 hex digits';
  END IF;
  PERFORM set_config('shop.audit_pseudonymise', 'on', true);
  UPDATE public.audit_log SET
    actor_email = CASE WHEN lower(actor_email) = address THEN new_pseudonym ELSE actor_email END,
    client_address = CASE WHEN lower(actor_email) = address THEN NULL ELSE client_address END,
    target_id = CASE
      WHEN lower(target_id) = address OR (target_kind = 'contact' AND target_id = erased_contact_id::text) THEN new_pseudonym
      ELSE target_id END,
    -- `***=`: the rest of the pattern is a literal text, not a regular expression.
    summary = regexp_replace(summary, '***=' || address, new_pseudonym, 'gi')
  WHERE lower(actor_email) = address
     OR lower(target_id) = address
     OR (target_kind = 'contact' AND target_id = erased_contact_id::text)
     OR strpos(lower(summary), address) > 0;
  GET DIAGNOSTICS changed = ROW_COUNT;
  PERFORM set_config('shop.audit_pseudonymise', 'off', true);
  RETURN changed;
END;
$$;--> statement-breakpoint
-- Only the roles granted it may call them (src/server/db/client.ts grants the app's role).
REVOKE EXECUTE ON FUNCTION "audit_log_prune"(), "audit_log_pseudonymise"(text, uuid, text) FROM PUBLIC;
