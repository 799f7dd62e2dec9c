import type { InvoiceDocument } from './invoice-document.ts';
import { sellerDetails } from './invoice-seller.ts';
import { createInvoiceRenderer } from './invoice-renderer.ts';

/** An invoice as the modules that make invoices describe it: the seller is always the company, added here. */
export type InvoiceContent = Omit<InvoiceDocument, 'seller'>;

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

    renderPdf(invoice: InvoiceContent): Promise<Buffer> {
      return renderer.render({ ...invoice, seller: sellerDetails });
    },

    /** Stops the rendering thread; call it when the server closes. */
    close(): Promise<void> {
      return renderer.close();
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
