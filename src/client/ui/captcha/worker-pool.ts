import type { CaptchaPuzzle } from './captcha-puzzle.ts';
import type { SearchRequest, SearchResult } from './captcha.worker.ts';

/** Four Web Workers, each searching a quarter of the range. */
const solverWorkerCount = 4;

/**
 * How the widget finds the secret number: resolves with it, or null when the puzzle has
 * no solution; rejects with the abort reason when `signal` aborts. Injectable so tests
 * (jsdom has no workers) can solve synchronously.
 */
export type CaptchaSolver = (puzzle: CaptchaPuzzle, signal: AbortSignal) => Promise<number | null>;

/** A worker could not start or failed while searching. */
export class CaptchaWorkerError extends Error {}

/** The part of Worker the pool uses, so tests can pass a fake. */
export type SolverWorker = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror' | 'onmessageerror'>;

function createModuleWorker(): SolverWorker {
  // Vite recognises this exact form and bundles the worker with its imports.
  return new Worker(new URL('./captcha.worker.ts', import.meta.url), { type: 'module' });
}

/** The ranges [start, end] of each worker: consecutive, together exactly [0, maxnumber]. */
export function splitRange(maxnumber: number, parts: number): Array<{ start: number; end: number }> {
  const size = Math.ceil((maxnumber + 1) / parts);
  return Array.from({ length: parts }, (_, i) => ({ start: i * size, end: Math.min((i + 1) * size - 1, maxnumber) }));
}

/**
 * The default solver: 4 workers, each searching a quarter of [0, maxnumber]. The first
 * to find the number wins and all are terminated. Expected time is a quarter of one
 * worker's (on 4 cores) or half of it (on 2 cores, where they share the cores).
 */
export function solveWithWorkers(
  puzzle: CaptchaPuzzle,
  signal: AbortSignal,
  createWorker: () => SolverWorker = createModuleWorker,
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const workers: SolverWorker[] = [];
    let settled = false;
    let unanswered = solverWorkerCount;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      for (const worker of workers) worker.terminate();
      outcome();
    };
    const onAbort = () => settle(() => reject(signal.reason));
    const onFailure = (event: Event) => {
      event.preventDefault(); // handled here; keeps the error out of the console as uncaught
      settle(() => reject(new CaptchaWorkerError('captcha worker failed')));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for (const range of splitRange(puzzle.maxnumber, solverWorkerCount)) {
        const worker = createWorker();
        workers.push(worker);
        worker.onmessage = (event: MessageEvent<SearchResult>) => {
          const { number } = event.data;
          if (number !== null) settle(() => resolve(number));
          else if (--unanswered === 0) settle(() => resolve(null));
        };
        worker.onerror = onFailure;
        worker.onmessageerror = onFailure;
        const request: SearchRequest = { salt: puzzle.salt, challenge: puzzle.challenge, ...range };
        worker.postMessage(request);
      }
    } catch (error) {
      // No Worker support, or a Content-Security-Policy without worker-src 'self'.
      settle(() => reject(new CaptchaWorkerError('captcha worker could not start', { cause: error })));
    }
  });
}
