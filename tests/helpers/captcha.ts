import type { FastifyInstance } from 'fastify';
import type { Puzzle } from '#captcha/puzzle.ts';
import { encodeSolution, solvePuzzle } from '#captcha/solve.ts';
import type { FormFamily } from '#shared/captcha-families.ts';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { apiBase } from '#shared/paths.ts';

/**
 * What the widget does in a browser, done in Node: fetch the form's site key and a
 * puzzle, solve it, and return the `captchaSolution` value.
 */
export async function solveCaptcha(app: FastifyInstance, family: FormFamily = 'forms'): Promise<string> {
  const { siteKey } = (await app.inject(`${apiBase}${siteKeyCalls[family].path}`)).json() as { siteKey: string };
  const puzzle = (
    await app.inject({ url: `/captcha/puzzle?sitekey=${encodeURIComponent(siteKey)}`, headers: { 'x-captcha-client': 'api-test@1.0.0' } })
  ).json() as Puzzle;
  return encodeSolution(puzzle, solvePuzzle(puzzle).number);
}
