/**
 * What the captcha widget needs once the visitor reaches it: the puzzle's fetch, the
 * solving workers and the solution's encoding. The widget imports this module on demand
 * (captcha-widget.tsx), so that a page with a form fetches it only when the visitor gets
 * to the box, not with the page (docs/decisions/077-cart-and-checkout-script-on-demand.md).
 */
export { encodeSolution, expiryOf } from './captcha-puzzle.ts';
export { fetchPuzzle, PuzzleFetchError } from './fetch-puzzle.ts';
export { CaptchaWorkerError, solveWithWorkers } from './worker-pool.ts';
