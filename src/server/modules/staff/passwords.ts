import { randomInt } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { AppError } from '#shared/errors.ts';
import { newPasswordSchema } from '#shared/schemas/staff.ts';
import { fieldErrorsOf } from '#shared/schemas/validation.ts';

/**
 * Staff passwords are stored as argon2id hashes (OWASP's password storage minimum is
 * 19 MiB and 2 passes; we take 3). A hash made with weaker settings is replaced at the
 * next successful sign-in.
 */
/** `Algorithm.Argon2id`: the package declares the enum for types only (its runtime object is empty). */
const argon2id = 2 as Algorithm;
export const argon2Options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 3, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when the hash was made with other (older) settings than `argon2Options`. */
export function needsRehash(passwordHash: string): boolean {
  try {
    const options = parseOptions(passwordHash);
    return (
      options.algorithm !== argon2Options.algorithm ||
      options.memoryCost < argon2Options.memoryCost ||
      options.timeCost < argon2Options.timeCost
    );
  } catch {
    return true;
  }
}

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/l/I). */
const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A password for a new or reset account, printed once: four groups of five characters
 * (`Hq3vT-…`, 23 characters, about 115 bits).
 */
export function generatePassword(): string {
  const groups = Array.from({ length: 4 }, () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join(''));
  return groups.join('-');
}

/** Refuses a new password that breaks the rule (12–128 characters, not a common password), on `field`. */
export function checkNewPassword(password: string, field: string): void {
  const parsed = newPasswordSchema.safeParse(password, { reportInput: true });
  if (!parsed.success) {
    throw AppError.validation(fieldErrorsOf(parsed.error).map((error) => ({ ...error, field: error.field ? `${field}.${error.field}` : field })));
  }
}
