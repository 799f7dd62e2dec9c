/**
 * A small synchronous SHA-256 (FIPS 180-4) for the captcha workers. crypto.subtle.digest
 * is asynchronous, and its promise per attempt makes a search of millions of numbers
 * several times slower than this plain loop.
 *
 * The speed trick: every attempt hashes `salt + number`, and the salt is the same each
 * time, so its complete 64-byte blocks are compressed once (`createPrefixHasher`) and only
 * the last one or two blocks are hashed per number.
 */

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const initialState = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** Compresses the 64-byte block at `offset` of `bytes` into `state`; `w` is a 64-word scratch array. */
function compress(state: Int32Array, w: Int32Array, bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/**
 * Returns a function that hashes `prefix + suffix` for many short ASCII suffixes (the
 * decimal numbers, at most 56 characters). The returned digest is 8 big-endian words in a reused array: copy it
 * if you keep it.
 */
export function createPrefixHasher(prefix: string): (asciiSuffix: string) => Int32Array {
  const prefixBytes = new TextEncoder().encode(prefix);
  const fullBlocks = Math.floor(prefixBytes.length / 64);
  const midState = Int32Array.from(initialState);
  const w = new Int32Array(64);
  for (let block = 0; block < fullBlocks; block++) compress(midState, w, prefixBytes, block * 64);
  const rest = prefixBytes.subarray(fullBlocks * 64);

  const state = new Int32Array(8);
  const tail = new Uint8Array(128);
  return (suffix) => {
    tail.fill(0);
    tail.set(rest);
    let length = rest.length;
    for (let i = 0; i < suffix.length; i++) tail[length++] = suffix.charCodeAt(i);
    tail[length] = 0x80;
    // The length field takes the last 8 bytes; if it does not fit after 0x80, a second block follows.
    const tailSize = length + 9 <= 64 ? 64 : 128;
    const bits = (fullBlocks * 64 + length) * 8;
    tail[tailSize - 5] = Math.floor(bits / 2 ** 32);
    tail[tailSize - 4] = bits >>> 24;
    tail[tailSize - 3] = bits >>> 16;
    tail[tailSize - 2] = bits >>> 8;
    tail[tailSize - 1] = bits;
    state.set(midState);
    compress(state, w, tail, 0);
    if (tailSize === 128) compress(state, w, tail, 64);
    return state;
  };
}

export function digestToHex(digest: Int32Array): string {
  let hex = '';
  for (const word of digest) hex += (word >>> 0).toString(16).padStart(8, '0');
  return hex;
}

/** A 64-character hex digest as 8 words, to compare against without building strings; undefined if malformed. */
export function hexToDigest(hex: string): Int32Array | undefined {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return undefined;
  const words = new Int32Array(8);
  for (let i = 0; i < 8; i++) words[i] = Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16) | 0;
  return words;
}

/** Hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return digestToHex(createPrefixHasher(text)(''));
}
