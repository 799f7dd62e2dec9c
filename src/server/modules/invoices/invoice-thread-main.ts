import { parentPort } from 'node:worker_threads';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.ts';

/** Renders the invoices the server's thread asks for: `{ id, invoice }` → `{ id, pdf }` or `{ id, error }`. */
parentPort?.on('message', (message: { id: number; invoice: InvoiceDocument }) => {
  renderInvoicePdf(message.invoice).then(
    (pdf) => parentPort?.postMessage({ id: message.id, pdf }),
    (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
