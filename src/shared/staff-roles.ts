/**
 * The staff roles (docs/product/staff-roles.md), from the one that may do least to the
 * one that may do everything: a `viewer` reads and exports, an `editor` also changes
 * orders, the inbox, webinars, contacts and newsletters, an `admin` also manages staff
 * accounts, roles, settings and reads the audit log. A call declares the least role it
 * needs (src/shared/contract.ts); every role above it may make it too.
 */
export const staffRoles = ['viewer', 'editor', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The role of a new account (the command line's `add`, an invitation) unless one is chosen. */
export const defaultStaffRole: StaffRole = 'editor';

/** Whether a staff member with role `has` may do what needs `needs`. */
export function roleAllows(has: StaffRole, needs: StaffRole): boolean {
  return staffRoles.indexOf(has) >= staffRoles.indexOf(needs);
}

export const isStaffRole = (value: string): value is StaffRole => (staffRoles as readonly string[]).includes(value);
