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
// Prepared once for all the invoices this thread renders, before the first one is asked
// for: the fonts, parsed, with the layout of the words every invoice and QR-bill prints.
invoiceFonts();

/** Renders each invoice the pool hands over, one at a time (invoice-renderer.ts): `invoice` → `{ pdf }` or `{ error }`. */
parentPort?.on('message', (invoice: InvoiceDocument) => {
  renderInvoicePdf(invoice).then(
    (pdf) => parentPort?.postMessage({ pdf }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
