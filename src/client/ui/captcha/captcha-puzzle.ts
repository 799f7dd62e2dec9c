/**
 * The puzzle as the widget receives it (ALTCHA v1, docs/product/captcha.md) and the
 * solution it sends back. The provider's own types live in src/captcha, which the client
 * must not import (it uses node:crypto), hence this small mirror.
 */
export type CaptchaPuzzle = {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

/** Checks an untrusted JSON answer; undefined when it is not a puzzle this widget can solve. */
export function parsePuzzle(value: unknown): CaptchaPuzzle | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { algorithm, challenge, maxnumber, salt, signature } = value as Record<string, unknown>;
  if (
    algorithm !== 'SHA-256' ||
    typeof challenge !== 'string' ||
    !/^[0-9a-fA-F]{64}$/.test(challenge) ||
    typeof maxnumber !== 'number' ||
    !Number.isSafeInteger(maxnumber) ||
    maxnumber < 0 ||
    typeof salt !== 'string' ||
    // ASCII only: the solution is encoded with btoa.
    !/^[\x20-\x7e]{1,512}$/.test(salt) ||
    typeof signature !== 'string' ||
    !/^[\x20-\x7e]{1,256}$/.test(signature)
  ) {
    return undefined;
  }
  return { algorithm, challenge, maxnumber, salt, signature };
}

/** The expiry written in the salt (`…?expires=<unix seconds>&…`), in milliseconds; undefined if none. */
export function expiryOf(salt: string): number | undefined {
  const query = salt.indexOf('?');
  if (query < 0) return undefined;
  const expires = new URLSearchParams(salt.slice(query + 1)).get('expires');
  return expires && /^\d{1,12}$/.test(expires) ? Number(expires) * 1000 : undefined;
}

/** The `captchaSolution` value: base64 of the JSON `{ algorithm, challenge, number, salt, signature }`. */
export function encodeSolution(puzzle: CaptchaPuzzle, number: number): string {
  const { algorithm, challenge, salt, signature } = puzzle;
  return btoa(JSON.stringify({ algorithm, challenge, number, salt, signature }));
}
