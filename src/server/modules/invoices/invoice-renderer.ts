import { Worker } from 'node:worker_threads';
import type { InvoiceDocument } from './invoice-pdf.ts';

export interface InvoiceRenderer {
  /** Starts the thread now rather than at the first invoice (it loads its modules for about a second of CPU). */
  start(): void;
  render(invoice: InvoiceDocument): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Renders invoice PDFs in a thread of their own: a PDF with its QR-bill takes tens of
 * milliseconds of CPU, which on the server's own thread would hold up every request.
 * The thread starts on first use, or earlier with `start`, and is started again if it dies.
 */
export function createInvoiceRenderer(): InvoiceRenderer {
  let worker: Worker | undefined;
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
    },
    render(invoice) {
      worker ??= start();
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker?.postMessage({ id, invoice });
      });
    },
    async close() {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
