import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { staffCalls } from '#shared/contract/staff.ts';
import { adminPaths } from '#shared/paths.ts';
import { roleAllows, type StaffRole } from '#shared/staff-roles.ts';
import { apiQuery } from '#client/lib/queries.ts';

/** The signed-in staff member; a 401 means nobody is signed in. */
export const meQuery = () => apiQuery(staffCalls.me, {});

export function useStaffMember() {
  return useQuery(meQuery());
}

/** The sign-in page, with the page to return to afterwards. */
export function loginPath(from: string): string {
  return `${adminPaths.login()}?from=${encodeURIComponent(from)}`;
}

/** The address of the current page inside the back office, to come back to after sign-in. */
export function useCurrentPath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * Whether the signed-in staff member's role allows what needs `role` (src/shared/staff-roles.ts):
 * the back office hides what it does not; the server refuses it anyway (403). False while
 * nobody is known yet.
 */
export function useCan(role: StaffRole): boolean {
  const me = useStaffMember();
  return me.data ? roleAllows(me.data.role, role) : false;
}
