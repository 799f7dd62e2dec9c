import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The puzzle provider, ALTCHA v1 protocol (docs/product/captcha.md). Pure functions: no
 * database, no HTTP. The single-use (replay) check belongs to the caller, which stores
 * `replayKey` until `expiresAt`.
 */

export type CaptchaOptions = {
  /** HMAC key; only the provider knows it. */
  secret: string;
  /** The secret number is drawn from [0, maxNumber]; a solver needs maxNumber / 2 hashes on average. */
  maxNumber: number;
  /** How long a puzzle (and therefore its solution) stays valid. */
  expiresInSeconds: number;
};

export type Puzzle = {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

/** What the widget sends back, base64 encoded, as `captchaSolution`. */
export type Solution = {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
};

export type VerifyResult =
  | { ok: true; replayKey: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' | 'wrongSiteKey' };

/**
 * Default difficulty. The widget needs maxNumber / 2 hashes on average, shared by its 4
 * workers. Measured on a 2-vCPU AMD EPYC VM, with `npx tsx bench/captcha-solve-time.ts`
 * and with the built widget in Chromium 156: its pure-TS SHA-256 does ≈ 2.05 million
 * hashes/s on one thread, 4 workers together ≈ 3.9 million/s on the 2 cores. The number
 * lies on average halfway through one worker's quarter, so the median is
 * maxNumber / (2 × 3.9 M/s) ≈ 0.65 s for 5 000 000, plus ≈ 50 ms to start the workers;
 * p90 ≈ 1.2 s. A quiet run of 30 puzzles gave median 0.51 s, p90 1.16 s; runs while the
 * machine was busy 0.9–1.4 s. A slower laptop or browser stays near the one-second
 * target. The environment may override it (CAPTCHA_MAX_NUMBER).
 */
export const defaultMaxNumber = 5_000_000;

/**
 * Length of the random part of the salt: at least 24 hex digits (12 bytes, as ALTCHA),
 * lengthened when needed so that the salt ends early in a 64-byte SHA-256 block. The
 * widget hashes the salt's full blocks once, then per attempt only the last block with
 * the number; a salt ending late in a block would need two blocks per attempt and halve
 * the widget's speed for some site-key lengths.
 */
function saltHexLength(parametersLength: number): number {
  const minimum = 24;
  const used = (minimum + parametersLength) % 64;
  // 40 leaves room for a 15-digit number and SHA-256's 9 bytes of padding.
  return used <= 40 ? minimum : minimum + 64 - used;
}

function randomHex(length: number): string {
  return randomBytes(Math.ceil(length / 2)).toString('hex').slice(0, length);
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function hmacHex(text: string, secret: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function createPuzzle(options: CaptchaOptions, siteKey: string, now = Date.now()): Puzzle {
  const expires = Math.floor(now / 1000) + options.expiresInSeconds;
  const params = new URLSearchParams({ expires: String(expires), sitekey: siteKey });
  // The trailing '&' closes the parameters: without it, digits of the number could be
  // moved into the salt ("…&sitekey=K" + "12" = "…&sitekey=K1" + "2") to forge another
  // site key or a later expiry while keeping the same challenge (ALTCHA did the same fix).
  const parameters = `?${params.toString()}&`;
  const salt = randomHex(saltHexLength(parameters.length)) + parameters;
  // randomInt's upper bound is exclusive.
  const number = randomInt(0, options.maxNumber + 1);
  const challenge = sha256Hex(salt + String(number));
  return { algorithm: 'SHA-256', challenge, maxnumber: options.maxNumber, salt, signature: hmacHex(challenge, options.secret) };
}

/** Decodes base64(JSON); anything else is undefined, never an exception. */
function decodeSolution(solutionBase64: string): Solution | undefined {
  if (typeof solutionBase64 !== 'string' || solutionBase64.length === 0 || solutionBase64.length > 4096) return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(solutionBase64)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(solutionBase64, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { algorithm, challenge, number, salt, signature } = value as Record<string, unknown>;
  if (
    typeof algorithm !== 'string' ||
    typeof challenge !== 'string' ||
    typeof salt !== 'string' ||
    typeof signature !== 'string' ||
    typeof number !== 'number' ||
    !Number.isSafeInteger(number) ||
    number < 0
  ) {
    return undefined;
  }
  return { algorithm, challenge, number, salt, signature };
}

/** Reads `expires` and `sitekey` from a salt made by createPuzzle; undefined if it is not one. */
function parseSalt(salt: string): { expires: number; siteKey: string } | undefined {
  const query = salt.indexOf('?');
  if (query < 0 || !salt.endsWith('&')) return undefined;
  const params = new URLSearchParams(salt.slice(query + 1));
  const expires = params.get('expires');
  const siteKey = params.get('sitekey');
  if (expires === null || !/^\d{1,12}$/.test(expires) || siteKey === null) return undefined;
  return { expires: Number(expires), siteKey };
}

function equalHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function verifySolution(
  options: CaptchaOptions,
  solutionBase64: string,
  expectedSiteKey: string,
  now = Date.now(),
): VerifyResult {
  const solution = decodeSolution(solutionBase64);
  if (!solution || solution.algorithm !== 'SHA-256') return { ok: false, reason: 'invalid' };
  const salt = parseSalt(solution.salt);
  if (!salt) return { ok: false, reason: 'invalid' };
  // The challenge binds salt and number; the signature binds the challenge to us.
  if (!equalHex(sha256Hex(solution.salt + String(solution.number)), solution.challenge)) {
    return { ok: false, reason: 'invalid' };
  }
  if (!equalHex(hmacHex(solution.challenge, options.secret), solution.signature)) {
    return { ok: false, reason: 'invalid' };
  }
  const expiresAt = new Date(salt.expires * 1000);
  if (expiresAt.getTime() <= now) return { ok: false, reason: 'expired' };
  if (salt.siteKey !== expectedSiteKey) return { ok: false, reason: 'wrongSiteKey' };
  // The challenge is unique per puzzle and signed, so it identifies the puzzle.
  return { ok: true, replayKey: solution.challenge, expiresAt };
}
