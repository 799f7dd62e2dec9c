import { z } from 'zod';
import { languages } from '../locales.ts';
import { staffRoles } from '../staff-roles.ts';
import { isoDaySchema } from './dates.ts';
import { newPasswordSchema } from './staff.ts';

/**
 * Payloads of the staff page (admins: accounts, roles, invitations;
 * docs/product/staff-roles.md), of the invitation link, and of the audit log
 * (docs/product/audit-log.md). The server validates with these; the back office's forms
 * check the same ones before sending.
 */

const queryInteger = (max: number, fallback: number) => z.coerce.number<number | string>().int().min(1).max(max).default(fallback);
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const isoDateTime = z.string();

// ---- staff accounts -----------------------------------------------------------------------

export const staffAccountParams = z.object({ id: z.uuid() });
export const invitationParams = z.object({ id: z.uuid() });
/** The token of an invitation link: 32 random bytes, base64url. */
export const invitationTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** `POST /api/admin/staff/invitations`: who is invited, with which role, in which language the mail is written. */
export const invitationSchema = z.object({
  email: z.string().trim().min(1).max(254).pipe(z.email({ error: 'error.invalidEmail' })),
  role: z.enum(staffRoles),
  language: z.enum(languages),
});
export type InvitationRequest = z.output<typeof invitationSchema>;

/** `PUT /api/admin/staff/:id/role`. */
export const roleChangeSchema = z.object({ role: z.enum(staffRoles) });

/** `POST /api/users/invitations/:token`: what the invitee chooses; the password follows the rules of every staff password. */
export const acceptInvitationSchema = z.object({
  name: z.string().trim().min(1).max(100),
  password: newPasswordSchema,
});
export type AcceptInvitation = z.output<typeof acceptInvitationSchema>;

const staffAccountSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  disabled: z.boolean(),
  secondFactorEnabled: z.boolean(),
  /** Sessions open now. */
  openSessions: z.number().int(),
  createdAt: isoDateTime,
  /** The signed-in admin's own account: the page offers nothing that would lock them out. */
  you: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

const pendingInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(staffRoles),
  invitedBy: z.string(),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
});

/** `GET /api/admin/staff`: every account (active first, then by e-mail) and the invitations not used yet. */
export const staffOverviewSchema = z.object({
  accounts: z.array(staffAccountSchema),
  invitations: z.array(pendingInvitationSchema),
});
export type StaffOverview = z.infer<typeof staffOverviewSchema>;

/** `GET /api/users/invitations/:token`: what the invitation page shows before the invitee chooses. */
export const invitationViewSchema = z.object({ email: z.string(), role: z.enum(staffRoles) });

// ---- audit log ------------------------------------------------------------------------------

export const auditOutcomes = ['success', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

const optionalText = (max: number) => z.preprocess(emptyToUndefined, z.string().trim().max(max).optional());
const optionalDate = z.preprocess(emptyToUndefined, isoDaySchema.optional());

/**
 * The filters of `GET /api/admin/audit` and its CSV export: who (part of the e-mail, any
 * case), the target (its kind, and its id exactly), the action (exactly, or every action
 * starting with it when it ends with `.`: `order.`), and the days (ISO dates, Swiss time,
 * both included).
 */
const auditFilterShape = {
  actor: optionalText(254),
  targetKind: optionalText(40),
  targetId: optionalText(200),
  action: optionalText(100),
  outcome: z.preprocess(emptyToUndefined, z.enum(auditOutcomes).optional()),
  fromDate: optionalDate,
  toDate: optionalDate,
};
const checkDays = (filter: { fromDate?: string | undefined; toDate?: string | undefined }, ctx: z.RefinementCtx) => {
  if (filter.fromDate && filter.toDate && filter.fromDate > filter.toDate) {
    ctx.addIssue({ code: 'custom', path: ['toDate'], input: filter.toDate, message: 'error.date.beforeStart' });
  }
};

export const auditQuerySchema = z
  .object({ ...auditFilterShape, page: queryInteger(1_000_000, 1), pageSize: queryInteger(200, 50) })
  .superRefine(checkDays);
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditExportQuerySchema = z.object({ ...auditFilterShape, language: z.enum(languages).optional() }).superRefine(checkDays);
export type AuditFilter = Omit<AuditQuery, 'page' | 'pageSize'>;

const auditRowSchema = z.object({
  id: z.uuid(),
  at: isoDateTime,
  actorEmail: z.string(),
  actorRole: z.string().nullable(),
  clientAddress: z.string().nullable(),
  action: z.string(),
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  outcome: z.enum(auditOutcomes),
  summary: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/** One page of the audit log, newest first. */
export const auditPageSchema = z.object({
  results: z.array(auditRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalResults: z.number().int(),
  totalPages: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
