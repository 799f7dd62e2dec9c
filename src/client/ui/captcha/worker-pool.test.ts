import { describe, expect, it, vi } from 'vitest';
import type { CaptchaPuzzle } from './captcha-puzzle.ts';
import type { SearchRequest } from './captcha.worker.ts';
import { searchRange } from './search-range.ts';
import { sha256Hex } from './sha256.ts';
import { CaptchaWorkerError, solveWithWorkers, splitRange, type SolverWorker } from './worker-pool.ts';

const salt = 'feedfacefeedfacefeedface?expires=1768478400&sitekey=newsletter&';
const puzzleFor = (number: number, maxnumber = 1000): CaptchaPuzzle => ({
  algorithm: 'SHA-256',
  challenge: sha256Hex(salt + number),
  maxnumber,
  salt,
  signature: 'sig',
});

/** A worker that runs the real search a moment after it is asked, like a thread would. */
class FakeWorker implements SolverWorker {
  static made: FakeWorker[] = [];
  onmessage: SolverWorker['onmessage'] = null;
  onerror: SolverWorker['onerror'] = null;
  onmessageerror: SolverWorker['onmessageerror'] = null;
  requests: SearchRequest[] = [];
  terminate = vi.fn();
  constructor(private readonly fail = false) {
    FakeWorker.made.push(this);
  }
  postMessage(request: SearchRequest): void {
    this.requests.push(request);
    setTimeout(() => {
      if (this.terminate.mock.calls.length > 0) return;
      if (this.fail) {
        this.onerror?.call(this as unknown as Worker, new Event('error') as ErrorEvent);
        return;
      }
      const number = searchRange(request.salt, request.challenge, request.start, request.end);
      this.onmessage?.call(this as unknown as Worker, new MessageEvent('message', { data: { number } }));
    });
  }
}

describe('splitRange', () => {
  it('covers [0, maxnumber] exactly, in consecutive parts', () => {
    expect(splitRange(99, 4)).toEqual([
      { start: 0, end: 24 },
      { start: 25, end: 49 },
      { start: 50, end: 74 },
      { start: 75, end: 99 },
    ]);
    expect(splitRange(100, 4).at(-1)).toEqual({ start: 78, end: 100 });
    expect(splitRange(2, 4).at(-1)).toEqual({ start: 3, end: 2 }); // empty
  });
});

describe('solveWithWorkers', () => {
  it('asks 4 workers for a quarter each and resolves with the number found', async () => {
    FakeWorker.made = [];
    const number = await solveWithWorkers(puzzleFor(777), new AbortController().signal, () => new FakeWorker());
    expect(number).toBe(777);
    expect(FakeWorker.made).toHaveLength(4);
    expect(FakeWorker.made.map((worker) => worker.requests[0]?.start)).toEqual([0, 251, 502, 753]);
    for (const worker of FakeWorker.made) expect(worker.terminate).toHaveBeenCalled();
  });

  it('resolves null when no worker finds the number', async () => {
    const number = await solveWithWorkers(puzzleFor(5000), new AbortController().signal, () => new FakeWorker());
    expect(number).toBeNull();
  });

  it('rejects with CaptchaWorkerError when a worker fails or cannot start', async () => {
    await expect(
      solveWithWorkers(puzzleFor(1), new AbortController().signal, () => new FakeWorker(true)),
    ).rejects.toBeInstanceOf(CaptchaWorkerError);
    await expect(
      solveWithWorkers(puzzleFor(1), new AbortController().signal, () => {
        throw new Error('blocked by CSP');
      }),
    ).rejects.toBeInstanceOf(CaptchaWorkerError);
  });

  it('terminates the workers when aborted', async () => {
    FakeWorker.made = [];
    const controller = new AbortController();
    const solving = solveWithWorkers(puzzleFor(1), controller.signal, () => new FakeWorker());
    controller.abort(new Error('stop'));
    await expect(solving).rejects.toThrow('stop');
    for (const worker of FakeWorker.made) expect(worker.terminate).toHaveBeenCalled();
  });
});
