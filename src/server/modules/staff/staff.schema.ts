import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StaffRole } from '#shared/staff-roles.ts';
import { createdAt } from '#server/db/columns.ts';

/**
 * The staff members, their invitations, sessions, recovery codes and failed sign-ins (decision 048).
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

/** Staff accounts. The e-mail is stored lower-cased and trimmed; the password as an argon2id hash. */
export const staffMembers = pgTable('staff_members', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  /** The TOTP secret, encrypted with a key derived from SECRET_KEY; set when enrolment starts. */
  totpSecret: text('totp_secret'),
  /** Set once the first code was confirmed: from then on sign-in asks for a code. */
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** A disabled account cannot sign in; disabling ends its sessions. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /**
   * What the account may do (docs/product/staff-roles.md): `admin`, `editor` or `viewer`.
   * New accounts are editors; the accounts that existed before roles became admins (the
   * migration adds the column with that default first).
   */
  role: text('role').$type<StaffRole>().notNull().default('editor'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check('staff_members_role', sql`${t.role} in ('admin', 'editor', 'viewer')`)]);

/**
 * An invitation to the back office: a one-time link mailed to the invitee, who sets a
 * name and password with it (only the link token's SHA-256 is stored). It is used once,
 * expires after 7 days, or is withdrawn by an admin.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    language: text('language').notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('staff_invitations_email').on(t.email), check('staff_invitations_role', sql`${t.role} in ('admin', 'editor', 'viewer')`)],
);

/** One-time recovery codes of the second factor, hashed; each works once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffMemberId: uuid('staff_member_id').notNull().references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_staff_member_id').on(t.staffMemberId)],
);

/**
 * Staff sessions. The cookie holds a 256-bit random id; only its SHA-256 is stored, so a
 * copy of this table opens no session. A session ends after 8 idle hours, 7 days after
 * sign-in at the latest, at sign-out, or when it is ended from the staff member's page.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffMemberId: uuid('staff_member_id').notNull().references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Waiting for the second factor: the session opens nothing until the code is given. */
    pendingSecondFactor: boolean('pending_second_factor').notNull().default(false),
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_member_id').on(t.staffMemberId)],
);

/** Failed sign-ins, to slow down guessing (by address and by client), kept 15 minutes or more. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    clientAddress: text('client_address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_email_at').on(t.email, t.at), index('sign_in_failures_client_at').on(t.clientAddress, t.at)],
);
