import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { company } from '#shared/company.ts';

/**
 * The second factor of staff sign-in: TOTP (RFC 6238: SHA-1, 6 digits, 30 seconds, one
 * step of clock drift either way), as every authenticator app speaks it, and ten
 * one-time recovery codes.
 *
 * The TOTP secret is stored encrypted (AES-256-GCM, key derived from SECRET_KEY with
 * HKDF, the user id as associated data so a ciphertext only opens for its own account).
 * The encrypted value also holds the time step of the last accepted code: a code is
 * accepted once, and no older code after it.
 */
const totpSettings = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Time steps accepted before and after the current one. */
const totpWindow = 1;
const issuer = company.name.replace(/ AG$/, '');

/** What the encrypted `totp_secret` column holds. */
export interface TotpState {
  /** The shared secret, base32. */
  secret: string;
  /** The time step of the last accepted code; a code of this step or an earlier one is refused. */
  lastCounter: number | null;
}

const sealedPrefix = 'v1.';

export function createSecondFactorCrypto(secretKey: string) {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), purpose, 32));
  const encryptionKey = derive('staff-totp-secret');
  const recoveryKey = derive('staff-recovery-codes');

  return {
    /** Encrypts the TOTP state of one account for the `totp_secret` column. */
    seal(userId: string, state: TotpState): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(userId));
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
      return sealedPrefix + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },

    /** The TOTP state, or undefined when the value was not sealed for this account with this key. */
    open(userId: string, sealed: string): TotpState | undefined {
      if (!sealed.startsWith(sealedPrefix)) return undefined;
      try {
        const raw = Buffer.from(sealed.slice(sealedPrefix.length), 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', encryptionKey, raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(userId));
        decipher.setAuthTag(raw.subarray(12, 28));
        const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
        const state = JSON.parse(plain) as TotpState;
        return typeof state.secret === 'string' ? state : undefined;
      } catch {
        return undefined;
      }
    },

    /**
     * What is stored of a recovery code: HMAC-SHA-256 with a key derived from SECRET_KEY,
     * so a copy of the table alone cannot be searched for the codes.
     */
    hashRecoveryCode(userId: string, code: string): string {
      return createHmac('sha256', recoveryKey).update(`${userId}:${normalizeRecoveryCode(code)}`).digest('hex');
    },
  };
}

/** A new shared secret: 160 random bits (RFC 4226's recommendation for SHA-1), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` address an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, email: string): string {
  return new TOTP({ issuer, label: email, secret: Secret.fromBase32(secret), ...totpSettings }).toString();
}

export async function qrCodeSvg(uri: string): Promise<string> {
  // Loaded at the first enrolment, not at every start (docs/decisions/052-quick-start.md).
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** True when the code looks like a TOTP code (six digits, spaces allowed) rather than a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

/**
 * The time step of a TOTP code that is valid now (±1 step) and newer than
 * `lastCounter`; null otherwise.
 */
export function acceptTotpCode(secret: string, code: string, lastCounter: number | null, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  const delta = TOTP.validate({ token, secret: Secret.fromBase32(secret), ...totpSettings, timestamp: now, window: totpWindow });
  if (delta === null) return null;
  const counter = TOTP.counter({ period: totpSettings.period, timestamp: now }) + delta;
  return lastCounter !== null && counter <= lastCounter ? null : counter;
}

/** Crockford's base32: no I, L, O or U to misread. */
const recoveryAlphabet = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten recovery codes of twelve characters (60 bits each), as `7k2m-q9xd-4hte`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () =>
    Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join('')).join('-'),
  );
}

/** Case, spaces and dashes do not matter; O reads as 0, I and L as 1. */
function normalizeRecoveryCode(code: string): string {
  return code
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
}
