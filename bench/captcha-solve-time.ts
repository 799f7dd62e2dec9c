/**
 * How long the default difficulty takes to solve: `npx tsx bench/captcha-solve-time.ts [maxNumber] [puzzles]`.
 *
 * 1. Node: `solvePuzzle` (node:crypto, one thread), what API tests pay per solve.
 * 2. The widget's pure-TS hash rate on one thread, and the median it predicts.
 * 3. The browser widget, emulated: 4 worker threads run the widget's own search code
 *    (src/client/ui/captcha/search-range.ts, pure TS on V8, like Chromium's workers), each
 *    on a quarter of the range, the first to find the number wins. Run it on a 2-core
 *    machine to check the target: about one second on a 2-core laptop.
 *
 * It times the provider's puzzles against the widget's own search code, so it lives with
 * the benchmarks, which may use every tier.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { createPuzzle, defaultMaxNumber, type Puzzle } from '#captcha/puzzle.ts';
import { solvePuzzle } from '#captcha/solve.ts';

type Range = { salt: string; challenge: string; start: number; end: number };

const workerCount = 4;

// Worker threads do not get tsx's loader (Node 20): register it there, then load this file.
const workerBootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); });`;

if (!isMainThread) {
  // Worker side: say it is loaded, then search the range it is sent and report the number (or null).
  const { searchRange } = await import('#client/ui/captcha/search-range.ts');
  parentPort?.on('message', (range: Range) => {
    parentPort?.postMessage(searchRange(range.salt, range.challenge, range.start, range.end));
  });
  parentPort?.postMessage('ready');
} else {
  await main();
}

async function main(): Promise<void> {
  const maxNumber = Number(process.argv[2] ?? defaultMaxNumber);
  const count = Number(process.argv[3] ?? 30);
  const options = { secret: 'measure', maxNumber, expiresInSeconds: 600 };
  console.log(`maxNumber ${maxNumber}, ${count} puzzles, ${availableParallelism()} CPUs`);

  const node: number[] = [];
  for (let i = 0; i < count; i++) node.push(solvePuzzle(createPuzzle(options, 'measure-site-key')).took);
  report('Node solvePuzzle (node:crypto, 1 thread)', node);

  // The widget's hash rate on one thread, and what it predicts: on 2 cores the 4 workers
  // run at half speed each and the number sits on average halfway in one quarter, so
  // median ≈ maxNumber / (4 × rate). Less sensitive to a busy machine than the run below.
  const { searchRange } = await import('#client/ui/captcha/search-range.ts');
  const sample = 1_000_000;
  const rates: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    searchRange(createPuzzle(options, 'measure-site-key').salt, '0'.repeat(64), 0, sample - 1);
    rates.push(sample / ((performance.now() - started) / 1000));
  }
  const rate = Math.max(...rates);
  console.log(
    `widget SHA-256 on 1 thread: ${(rate / 1e6).toFixed(2)} million hashes/s (best of 5); ` +
      `predicted widget median on 2 cores: ${(maxNumber / (4 * rate)).toFixed(2)} s`,
  );

  const widget: number[] = [];
  for (let i = 0; i < count; i++) widget.push(await solveWithWorkers(createPuzzle(options, 'measure-site-key')));
  report(`widget emulation (${workerCount} workers, pure-TS SHA-256)`, widget);
}

/**
 * Solves like the widget's worker pool and resolves with the milliseconds of the search.
 * Worker start-up is left out: here it includes tsx compiling TypeScript, which a
 * browser loading the bundled worker does not pay.
 */
async function solveWithWorkers(puzzle: Puzzle): Promise<number> {
  const workers = await Promise.all(
    Array.from({ length: workerCount }, () => {
      const worker = new Worker(workerBootstrap, { eval: true });
      return new Promise<Worker>((resolve, reject) => {
        worker.once('message', () => resolve(worker));
        worker.once('error', reject);
      });
    }),
  );
  const size = Math.ceil((puzzle.maxnumber + 1) / workerCount);
  const started = performance.now();
  try {
    return await new Promise<number>((resolve, reject) => {
      let finished = 0;
      workers.forEach((worker, i) => {
        worker.on('message', (number: number | null) => {
          finished++;
          if (number !== null) resolve(performance.now() - started);
          else if (finished === workerCount) reject(new Error('no worker found the number'));
        });
        worker.on('error', reject);
        const range: Range = {
          salt: puzzle.salt,
          challenge: puzzle.challenge,
          start: i * size,
          end: Math.min((i + 1) * size - 1, puzzle.maxnumber),
        };
        worker.postMessage(range);
      });
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

function report(label: string, times: number[]): void {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`${label}: median ${seconds(at(0.5))}, p90 ${seconds(at(0.9))}, max ${seconds(sorted.at(-1) ?? Number.NaN)}`);
}
