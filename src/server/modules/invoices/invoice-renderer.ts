import { Worker } from 'node:worker_threads';
import type { InvoiceDocument } from './invoice-document.ts';

export interface InvoiceRenderer {
  /** Starts one thread now rather than at the first invoice (it loads its modules for about a second of CPU). */
  start(): void;
  render(invoice: InvoiceDocument): Promise<Buffer>;
  /** Ends the threads; invoices not yet rendered are refused. */
  close(): Promise<void>;
}

/**
 * An idle thread ends after this long: each holds some 70 MB (its own JavaScript heap, the
 * PDF modules and fonts), which a shop whose invoices come in bursts should not keep
 * (docs/decisions/046-mail-throughput-and-memory.md). The next invoice starts one again.
 */
const idleMs = 2 * 60_000;

interface Job {
  invoice: InvoiceDocument;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** The invoice it renders; one at a time, so that the next goes to whichever thread is free first. */
  job: Job | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * Renders invoice PDFs in a pool of threads: a PDF with its QR-bill takes tens of
 * milliseconds of CPU, which on the server's own thread would hold up every request, and
 * the invoices of a billing run come by the thousand. Invoices wait in one queue; a thread
 * is started when one waits and fewer than `threads` run (INVOICE_THREADS, src/server/env.ts),
 * another takes the place of one that dies (only its own invoice fails), and each ends
 * after two idle minutes. Each thread renders at a lower priority (invoice-thread-main.ts).
 */
export function createInvoiceRenderer(options: { threads: number }): InvoiceRenderer {
  const size = Math.max(1, options.threads);
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let closed = false;

  const endWhenIdle = (thread: Thread) => {
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      threads.delete(thread);
      void thread.worker.terminate();
    }, idleMs);
    thread.idleTimer.unref();
  };

  const give = (thread: Thread, job: Job) => {
    clearTimeout(thread.idleTimer);
    thread.job = job;
    thread.worker.postMessage(job.invoice);
  };

  const startThread = (): Thread => {
    const thread: Thread = { worker: new Worker(new URL('./invoice-thread.mjs', import.meta.url)), job: undefined, idleTimer: undefined };
    threads.add(thread);
    thread.worker.on('message', (message: { pdf?: Uint8Array; error?: string }) => {
      const job = thread.job;
      thread.job = undefined;
      if (message.pdf) job?.resolve(Buffer.from(message.pdf));
      else job?.reject(new Error(message.error ?? 'invoice rendering failed'));
      const next = queue.shift();
      if (next) give(thread, next);
      else endWhenIdle(thread);
    });
    // A thread that fails ends ('exit' follows): its invoice fails, the others go on.
    thread.worker.on('error', (error) => {
      thread.job?.reject(error);
      thread.job = undefined;
    });
    thread.worker.on('exit', () => {
      clearTimeout(thread.idleTimer);
      threads.delete(thread);
      thread.job?.reject(new Error('invoice thread stopped'));
      thread.job = undefined;
      if (!closed && queue.length > 0) dispatch();
    });
    // An idle renderer must not keep the process alive.
    thread.worker.unref();
    return thread;
  };

  /** Hands waiting invoices to free threads, starting threads up to the pool's size. */
  const dispatch = () => {
    for (const thread of threads) {
      if (queue.length === 0) return;
      if (!thread.job) give(thread, queue.shift()!);
    }
    while (queue.length > 0 && threads.size < size) give(startThread(), queue.shift()!);
  };

  return {
    start() {
      if (closed) return;
      if (threads.size === 0) endWhenIdle(startThread());
    },
    render(invoice) {
      if (closed) return Promise.reject(new Error('invoice renderer closed'));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ invoice, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('invoice renderer closed'));
      await Promise.all([...threads].map((thread) => thread.worker.terminate()));
    },
  };
}
