import { describe, expect, it } from 'vitest';
import { searchRange } from './search-range.ts';
import { createPrefixHasher, digestToHex, hexToDigest, sha256Hex } from './sha256.ts';

/**
 * The reference: the platform's Web Crypto (in Node, the same OpenSSL as node:crypto,
 * which the client's lint rules keep out of this folder).
 */
async function referenceSha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('matches Web Crypto for every length around the block and padding boundaries', async () => {
    for (let length = 0; length <= 200; length++) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * 7) % 90))).join('');
      expect(sha256Hex(text), `length ${length}`).toBe(await referenceSha256(text));
    }
  });

  it('hashes UTF-8', async () => {
    expect(sha256Hex('Grüezi mitenand ✓')).toBe(await referenceSha256('Grüezi mitenand ✓'));
  });
});

describe('createPrefixHasher', () => {
  it('hashes prefix + suffix like a one-shot hash, for every prefix length', async () => {
    for (let length = 0; length <= 130; length++) {
      const prefix = 'p'.repeat(length);
      const hash = createPrefixHasher(prefix);
      for (const suffix of ['', '0', '7', '12345', '4503599627370495']) {
        expect(digestToHex(hash(suffix)), `${length} + ${suffix}`).toBe(await referenceSha256(prefix + suffix));
      }
    }
  });
});

describe('hexToDigest', () => {
  it('reads 64 hex digits and refuses anything else', async () => {
    const hex = await referenceSha256('x');
    expect(digestToHex(hexToDigest(hex)!)).toBe(hex);
    expect(hexToDigest(hex.toUpperCase())).toEqual(hexToDigest(hex));
    expect(hexToDigest('abc')).toBeUndefined();
    expect(hexToDigest('z'.repeat(64))).toBeUndefined();
  });
});

describe('searchRange', () => {
  const salt = '0123456789abcdef01234567?expires=1768478400&sitekey=newsletter&';

  it('finds the number whose hash is the challenge', async () => {
    const challenge = await referenceSha256(salt + '4321');
    expect(searchRange(salt, challenge, 0, 10_000)).toBe(4321);
    expect(searchRange(salt, challenge, 4321, 4321)).toBe(4321);
  });

  it('answers null outside the range or for a malformed challenge', async () => {
    const challenge = await referenceSha256(salt + '4321');
    expect(searchRange(salt, challenge, 0, 4320)).toBeNull();
    expect(searchRange(salt, challenge, 4322, 5000)).toBeNull();
    expect(searchRange(salt, challenge, 5, 4)).toBeNull();
    expect(searchRange(salt, 'nonsense', 0, 10)).toBeNull();
  });
});
