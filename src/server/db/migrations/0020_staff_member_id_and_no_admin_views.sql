-- The staff sessions and recovery codes name their staff member as the glossary does
-- (docs/decisions/058-tables-owned-by-modules.md): user_id becomes staff_member_id, with its
-- index and its constraints. The views under the tables' names before migration 0015 kept a
-- copy of that version working during a rolling restart; nothing reads them any more.
DROP VIEW "admin_users";--> statement-breakpoint
DROP VIEW "admin_sessions";--> statement-breakpoint
DROP VIEW "admin_recovery_codes";--> statement-breakpoint
ALTER TABLE "staff_sessions" RENAME COLUMN "user_id" TO "staff_member_id";--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" RENAME COLUMN "user_id" TO "staff_member_id";--> statement-breakpoint
ALTER INDEX "staff_sessions_user_id" RENAME TO "staff_sessions_staff_member_id";--> statement-breakpoint
ALTER INDEX "staff_recovery_codes_user_id" RENAME TO "staff_recovery_codes_staff_member_id";--> statement-breakpoint
-- The foreign keys, and the NOT NULL constraints that newer PostgreSQL names after the column.
DO $$
DECLARE
  found record;
BEGIN
  FOR found IN
    SELECT conrelid::regclass AS relation, conname AS name FROM pg_constraint
     WHERE conrelid IN ('staff_sessions'::regclass, 'staff_recovery_codes'::regclass)
       AND conname ~ '_user_id_'
  LOOP
    EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', found.relation, found.name, replace(found.name, '_user_id_', '_staff_member_id_'));
  END LOOP;
END $$;
