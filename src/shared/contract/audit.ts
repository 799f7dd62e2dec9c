import type { Calls } from '../contract.ts';
import { auditExportQuerySchema, auditPageSchema, auditQuerySchema } from '../schemas/staff-admin.ts';

/**
 * The audit log, admins only (docs/product/audit-log.md, src/server/modules/audit/audit.routes.ts):
 * every staff change, refused staff call, sign-in and export, newest first.
 */
const tags = ['back office'];

export const auditCalls = {
  auditLog: {
    method: 'GET',
    path: '/admin/audit',
    query: auditQuerySchema,
    answer: auditPageSchema,
    summary: 'One page of the audit log, newest first, filtered by who, target, action, outcome and days',
    tags,
    staff: true,
    role: 'admin',
  },
  /** A CSV download, not JSON: a link. Exporting it is itself recorded. */
  exportAuditLog: {
    method: 'GET',
    path: '/admin/audit/export.csv',
    query: auditExportQuerySchema,
    answer: { file: 'text/csv', description: 'A header row, then one row per entry the filters find, newest first' },
    summary: 'The audit log entries the filters find as CSV (UTF-8 with BOM), the header in ?language=',
    tags,
    staff: true,
    role: 'admin',
  },
} as const satisfies Calls;
