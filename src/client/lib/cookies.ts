import { cookiePath } from '#shared/cookies.ts';

/**
 * Reading and writing our cookies (`#shared/cookies.ts`) from the browser. A page the server
 * renders (src/client/app/render-on-server.tsx) reads the request's cookies instead, so it
 * shows what the browser's first render will show.
 */
interface Cookie {
  name: string;
}

/** The `Cookie` header of the request whose page the server is rendering, while it renders it. */
let requestCookies: string | undefined;
/** Cookies the server sets with the page it is rendering, by name: read before the request's. */
let setWithPage: Readonly<Record<string, string>> = {};

/** Runs a synchronous render with `readCookie` reading this `Cookie` header, and the cookies `setWith` the page over it. */
export function withRequestCookies<T>(cookieHeader: string, render: () => T, setWith: Readonly<Record<string, string>> = {}): T {
  requestCookies = cookieHeader;
  setWithPage = setWith;
  try {
    return render();
  } finally {
    requestCookies = undefined;
    setWithPage = {};
  }
}

interface LastingCookie extends Cookie {
  maxAgeSeconds: number;
}

export function readCookie(cookie: Cookie): string | undefined {
  if (typeof document === 'undefined' && cookie.name in setWithPage) return setWithPage[cookie.name];
  const header = typeof document === 'undefined' ? (requestCookies ?? '') : document.cookie;
  for (const part of header.split(';')) {
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
