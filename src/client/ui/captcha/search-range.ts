import { createPrefixHasher, hexToDigest } from './sha256.ts';

/**
 * The proof of work: finds n in [start, end] with SHA-256(salt + n) === challenge, or
 * null. Runs synchronously; each captcha worker calls it on its quarter of the range.
 */
export function searchRange(salt: string, challenge: string, start: number, end: number): number | null {
  const target = hexToDigest(challenge);
  if (!target) return null;
  const hash = createPrefixHasher(salt);
  const [t0, t1, t2, t3, t4, t5, t6, t7] = target;
  for (let n = start; n <= end; n++) {
    const d = hash(String(n));
    // The first word almost always differs, so the rest is rarely compared.
    if (d[0] === t0 && d[1] === t1 && d[2] === t2 && d[3] === t3 && d[4] === t4 && d[5] === t5 && d[6] === t6 && d[7] === t7) {
      return n;
    }
  }
  return null;
}
