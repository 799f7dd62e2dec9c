import { createHmac, timingSafeEqual } from 'node:crypto';
import { isLanguage, type Language } from '#shared/locales.ts';
import type { DownloadLinkProblem, DownloadLinkQuery } from '#shared/schemas/downloadables.ts';

/**
 * The signed download link of the mail (docs/product/downloadables.md): its query carries the
 * language, the expiry (Unix seconds) and an HMAC-SHA256, keyed with the server's
 * SECRET_KEY, over the purpose, the item's code, the language and the expiry. Nothing is
 * stored: a link is valid when its signature is the server's for exactly this code,
 * language and expiry, and the expiry has not passed. Signatures are compared in constant
 * time.
 */

export interface LinkClaims {
  code: string;
  language: Language;
  /** Unix seconds after which the link no longer works. */
  expires: number;
}

/** The purpose in the signed text: a signature made for something else (the anti-forgery token) never fits. */
const purpose = 'downloadable-link/v1';

function signatureOf(secretKey: string, claims: LinkClaims): string {
  return createHmac('sha256', secretKey).update(`${purpose}\n${claims.code}\n${claims.language}\n${claims.expires}`).digest('base64url');
}

/** The query of a link: `language=…&expires=…&signature=…`. */
export function signedLinkQuery(secretKey: string, claims: LinkClaims): string {
  return new URLSearchParams({ language: claims.language, expires: String(claims.expires), signature: signatureOf(secretKey, claims) }).toString();
}

export type LinkCheck = { valid: true; language: Language } | { valid: false; problem: DownloadLinkProblem };

/**
 * Checks a link of item `code` as it came: `invalid` when a part is missing or malformed or
 * the signature does not fit (changed, or made for another code or language), `expired`
 * when it fits but its time has passed.
 */
export function checkLink(secretKey: string, code: string, query: DownloadLinkQuery, now: Date): LinkCheck {
  const { language, expires, signature } = query;
  if (!isLanguage(language) || expires === undefined || !/^[1-9]\d{0,11}$/.test(expires) || signature === undefined) {
    return { valid: false, problem: 'invalid' };
  }
  const expected = Buffer.from(signatureOf(secretKey, { code, language, expires: Number(expires) }));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { valid: false, problem: 'invalid' };
  if (Number(expires) * 1000 <= now.getTime()) return { valid: false, problem: 'expired' };
  return { valid: true, language };
}
