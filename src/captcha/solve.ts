import { createHash } from 'node:crypto';
import type { Puzzle, Solution } from './puzzle.ts';

/**
 * Solves a puzzle in Node, the way the widget does in the browser, so API tests and
 * scripts can submit forms without a browser. Throws when the puzzle has no solution
 * in [0, maxnumber] (a forged or broken puzzle).
 */
export function solvePuzzle(puzzle: Pick<Puzzle, 'challenge' | 'maxnumber' | 'salt'>): { number: number; took: number } {
  const started = performance.now();
  for (let number = 0; number <= puzzle.maxnumber; number++) {
    if (createHash('sha256').update(puzzle.salt + String(number)).digest('hex') === puzzle.challenge) {
      return { number, took: performance.now() - started };
    }
  }
  throw new Error('The puzzle has no solution in [0, maxnumber]');
}

/** The `captchaSolution` value: base64 of the JSON the widget sends. */
export function encodeSolution(puzzle: Puzzle, number: number): string {
  const solution: Solution = {
    algorithm: puzzle.algorithm,
    challenge: puzzle.challenge,
    number,
    salt: puzzle.salt,
    signature: puzzle.signature,
  };
  return Buffer.from(JSON.stringify(solution), 'utf8').toString('base64');
}
