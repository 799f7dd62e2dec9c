-- The staff tables take the glossary's names (docs/decisions/048-staff-tables-renamed-with-views.md):
-- admin_users, admin_sessions and admin_recovery_codes become staff_members, staff_sessions and
-- staff_recovery_codes, with their indexes and constraints. A view under each old name (a plain
-- SELECT *, which PostgreSQL writes through) lets a copy of the previous version read and write
-- the same rows during a rolling restart; a later release drops the views.
ALTER TABLE "admin_users" RENAME TO "staff_members";--> statement-breakpoint
ALTER TABLE "admin_sessions" RENAME TO "staff_sessions";--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" RENAME TO "staff_recovery_codes";--> statement-breakpoint
ALTER INDEX "admin_sessions_user_id" RENAME TO "staff_sessions_user_id";--> statement-breakpoint
ALTER INDEX "admin_recovery_codes_user_id" RENAME TO "staff_recovery_codes_user_id";--> statement-breakpoint
-- Every constraint named after an old table (keys with their indexes, the unique e-mail, the
-- role's check, the foreign keys, and the NOT NULL constraints that newer PostgreSQL names).
DO $$
DECLARE
  found record;
BEGIN
  FOR found IN
    SELECT conrelid::regclass AS relation, conname AS name FROM pg_constraint
     WHERE conrelid IN ('staff_members'::regclass, 'staff_sessions'::regclass, 'staff_recovery_codes'::regclass, 'saved_views'::regclass)
       AND conname ~ 'admin_(users|sessions|recovery_codes)'
  LOOP
    EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', found.relation, found.name,
      replace(replace(replace(found.name, 'admin_users', 'staff_members'), 'admin_sessions', 'staff_sessions'), 'admin_recovery_codes', 'staff_recovery_codes'));
  END LOOP;
END $$;--> statement-breakpoint
CREATE VIEW "admin_users" AS SELECT * FROM "staff_members";--> statement-breakpoint
CREATE VIEW "admin_sessions" AS SELECT * FROM "staff_sessions";--> statement-breakpoint
CREATE VIEW "admin_recovery_codes" AS SELECT * FROM "staff_recovery_codes";
