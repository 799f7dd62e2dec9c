import { describe, expect, it } from 'vitest';
import { createPuzzle, verifySolution, type CaptchaOptions, type Puzzle } from './puzzle.ts';
import { encodeSolution, solvePuzzle } from './solve.ts';

const options: CaptchaOptions = { secret: 'test-secret-with-enough-length', maxNumber: 2000, expiresInSeconds: 600 };
const now = Date.UTC(2026, 0, 15, 12, 0, 0);

function solved(siteKey = 'newsletter'): { puzzle: Puzzle; number: number } {
  const puzzle = createPuzzle(options, siteKey, now);
  return { puzzle, number: solvePuzzle(puzzle).number };
}

/** Re-encodes a solution with some fields changed, as an attacker would. */
function tampered(puzzle: Puzzle, number: number, changes: Record<string, unknown>): string {
  const decoded = JSON.parse(Buffer.from(encodeSolution(puzzle, number), 'base64').toString('utf8')) as object;
  return Buffer.from(JSON.stringify({ ...decoded, ...changes })).toString('base64');
}

describe('createPuzzle', () => {
  it('makes an ALTCHA v1 puzzle whose salt carries expiry and site key', () => {
    const puzzle = createPuzzle(options, 'newsletter', now);
    expect(puzzle.algorithm).toBe('SHA-256');
    expect(puzzle.maxnumber).toBe(2000);
    expect(puzzle.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(puzzle.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(puzzle.salt).toMatch(/^[0-9a-f]{24,}\?expires=\d+&sitekey=newsletter&$/);
    expect(puzzle.salt).toContain(`expires=${now / 1000 + 600}`);
  });

  it('ends the salt early in a 64-byte block, whatever the site key length', () => {
    for (let length = 1; length <= 80; length++) {
      const puzzle = createPuzzle(options, 'k'.repeat(length), now);
      expect(puzzle.salt.length % 64, `site key of ${length}`).toBeLessThanOrEqual(40);
      expect(puzzle.salt).toMatch(/^[0-9a-f]{24,}\?/);
    }
  });

  it('makes a different puzzle every time', () => {
    expect(createPuzzle(options, 'k', now).challenge).not.toBe(createPuzzle(options, 'k', now).challenge);
  });
});

describe('verifySolution', () => {
  it('accepts a solved puzzle and returns the replay key and expiry', () => {
    const { puzzle, number } = solved();
    const result = verifySolution(options, encodeSolution(puzzle, number), 'newsletter', now + 1000);
    expect(result).toEqual({ ok: true, replayKey: puzzle.challenge, expiresAt: new Date(now + 600_000) });
  });

  it('refuses a wrong number', () => {
    const { puzzle, number } = solved();
    const wrong = number === 0 ? 1 : number - 1;
    expect(verifySolution(options, encodeSolution(puzzle, wrong), 'newsletter', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a changed salt, signature or challenge', () => {
    const { puzzle, number } = solved();
    const otherSignature = puzzle.signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const changes of [
      { salt: puzzle.salt.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      { signature: otherSignature },
      { signature: puzzle.signature.slice(0, 10) },
      { challenge: puzzle.challenge.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      { algorithm: 'SHA-1' },
    ]) {
      expect(verifySolution(options, tampered(puzzle, number, changes), 'newsletter', now), JSON.stringify(changes)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });

  it('refuses a later expiry written into the salt', () => {
    const { puzzle, number } = solved();
    const later = puzzle.salt.replace(/expires=\d+/, `expires=${now / 1000 + 99_999}`);
    expect(verifySolution(options, tampered(puzzle, number, { salt: later }), 'newsletter', now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses digits of the number moved into the salt (parameter splicing)', () => {
    // Needs a number of two digits or more to move one; almost every puzzle has one.
    let { puzzle, number } = solved();
    while (number < 10) ({ puzzle, number } = solved());
    const digits = String(number);
    const spliced = { salt: puzzle.salt + digits[0], number: Number(digits.slice(1)) };
    expect(verifySolution(options, tampered(puzzle, number, spliced), 'newsletter', now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a solution signed with another secret', () => {
    const { puzzle, number } = solved();
    expect(verifySolution({ ...options, secret: 'another-secret' }, encodeSolution(puzzle, number), 'newsletter', now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('reports an expired solution', () => {
    const { puzzle, number } = solved();
    const solution = encodeSolution(puzzle, number);
    expect(verifySolution(options, solution, 'newsletter', now + 599_000).ok).toBe(true);
    expect(verifySolution(options, solution, 'newsletter', now + 600_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a solution made for another site key', () => {
    const { puzzle, number } = solved('checkout');
    expect(verifySolution(options, encodeSolution(puzzle, number), 'newsletter', now)).toEqual({
      ok: false,
      reason: 'wrongSiteKey',
    });
  });

  it('returns invalid for garbage, never throws', () => {
    const garbage = [
      '',
      'not base64 at all!',
      '%%%',
      Buffer.from('not json').toString('base64'),
      Buffer.from('null').toString('base64'),
      Buffer.from('[]').toString('base64'),
      Buffer.from('{"algorithm":"SHA-256"}').toString('base64'),
      Buffer.from(JSON.stringify({ algorithm: 'SHA-256', challenge: 'a', number: '1', salt: 's', signature: 'x' })).toString('base64'),
      Buffer.from(JSON.stringify({ algorithm: 'SHA-256', challenge: 'a', number: -1, salt: 's', signature: 'x' })).toString('base64'),
      'A'.repeat(10_000),
      undefined as unknown as string,
    ];
    for (const input of garbage) {
      expect(verifySolution(options, input, 'newsletter', now), String(input)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

describe('solvePuzzle', () => {
  it('finds the secret number', () => {
    const puzzle = createPuzzle(options, 'k', now);
    const { number, took } = solvePuzzle(puzzle);
    expect(number).toBeGreaterThanOrEqual(0);
    expect(number).toBeLessThanOrEqual(options.maxNumber);
    expect(took).toBeGreaterThanOrEqual(0);
  });

  it('throws on a puzzle without a solution', () => {
    expect(() => solvePuzzle({ challenge: '0'.repeat(64), maxnumber: 10, salt: 'x' })).toThrow();
  });
});
