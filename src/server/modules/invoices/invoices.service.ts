import type { InvoiceDocument } from './invoice-pdf.ts';
import { createInvoiceRenderer } from './invoice-renderer.ts';

/** What the modules that make invoices need to describe one. */
export { sellerDetails, type InvoiceDocument } from './invoice-pdf.ts';

/** Invoice PDFs with their Swiss QR-bill, rendered in a thread of their own (invoice-renderer.ts says why). */
export function createInvoicesService() {
  const renderer = createInvoiceRenderer();

  return {
    /**
     * Starts the rendering thread with the server's workers, so that loading its modules
     * does not take the CPU from the first checkouts, whose confirmations it renders.
     */
    start(): void {
      renderer.start();
    },

    renderPdf(invoice: InvoiceDocument): Promise<Buffer> {
      return renderer.render(invoice);
    },

    /** Stops the rendering thread; call it when the server closes. */
    close(): Promise<void> {
      return renderer.close();
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
