import { Worker } from 'node:worker_threads';
import type { InvoiceDocument } from './invoice-document.ts';

export interface InvoiceRenderer {
  /** Starts the thread now rather than at the first invoice (it loads its modules for about a second of CPU). */
  start(): void;
  render(invoice: InvoiceDocument): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * An idle thread ends after this long: it holds some 70 MB (its own JavaScript heap, the
 * PDF modules and fonts), which a shop whose invoices come in bursts should not keep
 * (docs/decisions/046-mail-throughput-and-memory.md). The next invoice starts it again.
 */
const idleMs = 2 * 60_000;

/**
 * Renders invoice PDFs in a thread of their own: a PDF with its QR-bill takes tens of
 * milliseconds of CPU, which on the server's own thread would hold up every request.
 * The thread starts on first use, or earlier with `start`, is started again if it dies,
 * and ends after two idle minutes.
 */
export function createInvoiceRenderer(): InvoiceRenderer {
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  const endWhenIdle = () => {
    clearTimeout(idleTimer);
    if (pending.size > 0) return;
    idleTimer = setTimeout(() => {
      const thread = worker;
      worker = undefined;
      void thread?.terminate();
    }, idleMs);
    idleTimer.unref();
  };
  let nextId = 0;
  const pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    const thread = new Worker(new URL('./invoice-thread.mjs', import.meta.url));
    thread.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
      const request = pending.get(message.id);
      if (!request) return;
      pending.delete(message.id);
      if (message.pdf) request.resolve(Buffer.from(message.pdf));
      else request.reject(new Error(message.error ?? 'invoice rendering failed'));
      endWhenIdle();
    });
    thread.on('error', (error) => failAll(error));
    thread.on('exit', () => {
      if (worker === thread) worker = undefined;
      failAll(new Error('invoice thread stopped'));
    });
    // An idle renderer must not keep the process alive.
    thread.unref();
    return thread;
  };

  return {
    start() {
      worker ??= start();
      endWhenIdle();
    },
    render(invoice) {
      clearTimeout(idleTimer);
      worker ??= start();
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker?.postMessage({ id, invoice });
      });
    },
    async close() {
      clearTimeout(idleTimer);
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
