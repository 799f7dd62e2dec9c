import { adminPaths } from '#shared/paths.ts';

/**
 * Where to go after signing in: the page the staff member came from when it is a page of
 * the back office, else its home. Anything else (`//evil.example`, `https://…`, `/\evil`,
 * a shop page) is refused, so a crafted login link cannot send anyone elsewhere.
 */
export function safeAdminReturn(from: string | null | undefined): string {
  const fallback = adminPaths.home();
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return fallback;
  try {
    // Resolving against a dummy origin exposes tricks like `/%2F%2Fevil` or tabs and newlines.
    const url = new URL(from, 'https://admin.invalid');
    if (url.origin !== 'https://admin.invalid') return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (path.startsWith('//') || path === adminPaths.login() || path.startsWith(`${adminPaths.login()}?`)) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
