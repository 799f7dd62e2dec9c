import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, newPasswordSchema } from '#shared/schemas/staff.ts';
import { acceptTotpCode, createSecondFactorCrypto, isTotpCode, newRecoveryCodes, newTotpSecret } from './second-factor.ts';

const key = 'k'.repeat(64);
const userId = '6f1c1f64-3f0e-4a53-9d55-0c3f2b1d7a10';
const code = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

describe('the sealed TOTP secret', () => {
  it('opens only for its account and with its key; a changed byte fails', () => {
    const crypto = createSecondFactorCrypto(key);
    const state = { secret: newTotpSecret(), lastCounter: 12 };
    const sealed = crypto.seal(userId, state);
    expect(sealed).not.toContain(state.secret);
    expect(crypto.seal(userId, state)).not.toBe(sealed);
    expect(crypto.open(userId, sealed)).toEqual(state);
    expect(crypto.open('00000000-0000-4000-8000-000000000000', sealed)).toBeUndefined();
    expect(createSecondFactorCrypto('x'.repeat(64)).open(userId, sealed)).toBeUndefined();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(crypto.open(userId, tampered)).toBeUndefined();
    expect(crypto.open(userId, 'JBSWY3DPEHPK3PXP')).toBeUndefined();
  });

  it('hashes recovery codes per account, without regard to case, spaces and dashes', () => {
    const crypto = createSecondFactorCrypto(key);
    expect(crypto.hashRecoveryCode(userId, 'ab12-cd34-ef56')).toBe(crypto.hashRecoveryCode(userId, ' AB12 CD34 EF56 '));
    expect(crypto.hashRecoveryCode(userId, 'ab12-cd34-ef56')).not.toBe(crypto.hashRecoveryCode('other', 'ab12-cd34-ef56'));
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(codes.every((c) => /^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/.test(c))).toBe(true);
  });
});

describe('TOTP codes', () => {
  const secret = newTotpSecret();
  const now = 1_800_000_015_000;
  const step = Math.floor(now / 30_000);

  it('accepts the code of this step and of one step before or after, and answers its step', () => {
    expect(acceptTotpCode(secret, code(secret, now), null, now)).toBe(step);
    expect(acceptTotpCode(secret, code(secret, now - 30_000), null, now)).toBe(step - 1);
    expect(acceptTotpCode(secret, code(secret, now + 30_000), null, now)).toBe(step + 1);
    expect(acceptTotpCode(secret, code(secret, now - 60_000), null, now)).toBeNull();
    expect(acceptTotpCode(secret, code(secret, now + 60_000), null, now)).toBeNull();
  });

  it('refuses a code of the last accepted step or an earlier one', () => {
    expect(acceptTotpCode(secret, code(secret, now), step, now)).toBeNull();
    expect(acceptTotpCode(secret, code(secret, now - 30_000), step, now)).toBeNull();
    expect(acceptTotpCode(secret, code(secret, now + 30_000), step, now)).toBe(step + 1);
  });

  it('tells codes from recovery codes', () => {
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('ab12-cd34-ef56')).toBe(false);
    expect(isTotpCode('1234567')).toBe(false);
  });
});

describe('the password rule', () => {
  it('wants 12 to 128 characters and no common password, whatever the case', () => {
    expect(isCommonPassword('QWERTY123456')).toBe(true);
    expect(isCommonPassword('Blue-Harbour-Lantern-42')).toBe(false);
    expect(newPasswordSchema.safeParse('Blue-Harbour-Lantern-42').success).toBe(true);
    const short = newPasswordSchema.safeParse('password');
    expect(short.error?.issues.map((issue) => issue.code)).toEqual(['too_small']);
    expect(newPasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
});
