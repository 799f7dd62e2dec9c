import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { invoiceFonts } from './invoice-fonts.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/**
 * Rendering is background work: a mail carrying the PDF can leave a moment later, while
 * requests and, on the same machine, the database should not wait for the CPU. On Linux the
 * nice value belongs to a thread and `/proc/thread-self` names this thread's id, so only
 * this thread is lowered (to 10: under load it still gets about a tenth of a core). Elsewhere
 * the thread keeps the process's priority.
 */
function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(threadId) && threadId > 0) setPriority(threadId, 10);
  } catch {
    // no /proc/thread-self: not Linux
  }
}

lowerThisThreadsPriority();
// Loaded once for all the invoices this thread renders, before the first one is asked for.
invoiceFonts();

/** Renders the invoices the server's thread asks for: `{ id, invoice }` → `{ id, pdf }` or `{ id, error }`. */
parentPort?.on('message', (message: { id: number; invoice: InvoiceDocument }) => {
  renderInvoicePdf(message.invoice).then(
    (pdf) => parentPort?.postMessage({ id: message.id, pdf }),
    (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
