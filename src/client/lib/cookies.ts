import { cookiePath } from '#shared/cookies.ts';

/** Reading and writing our cookies (`#shared/cookies.ts`) from the browser. */
interface Cookie {
  name: string;
}

interface LastingCookie extends Cookie {
  maxAgeSeconds: number;
}

export function readCookie(cookie: Cookie): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === cookie.name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Writes the cookie for its whole lifetime; `Secure` when the page came over HTTPS. */
export function writeCookie(cookie: LastingCookie, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${cookie.name}=${encodeURIComponent(value)}; Path=${cookiePath}; Max-Age=${cookie.maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function deleteCookie(cookie: Cookie): void {
  document.cookie = `${cookie.name}=; Path=${cookiePath}; Max-Age=0; SameSite=Lax`;
}
