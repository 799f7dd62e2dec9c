import type { FastifyInstance } from 'fastify';
import type { Puzzle } from '#captcha/puzzle.ts';
import { encodeSolution, solvePuzzle } from '#captcha/solve.ts';

const siteKeyPaths = {
  contact: '/api/contact-form/site-key',
  signIn: '/api/users/captcha/site-key',
  checkout: '/api/orders/captcha/site-key',
  forms: '/api/captcha/site-key',
} as const;

/**
 * What the widget does in a browser, done in Node: fetch the form's site key and a
 * puzzle, solve it, and return the `captchaSolution` value.
 */
export async function solveCaptcha(app: FastifyInstance, family: keyof typeof siteKeyPaths = 'forms'): Promise<string> {
  const { siteKey } = (await app.inject(siteKeyPaths[family])).json() as { siteKey: string };
  const puzzle = (
    await app.inject({ url: `/captcha/puzzle?sitekey=${encodeURIComponent(siteKey)}`, headers: { 'x-captcha-client': 'api-test@1.0.0' } })
  ).json() as Puzzle;
  return encodeSolution(puzzle, solvePuzzle(puzzle).number);
}
