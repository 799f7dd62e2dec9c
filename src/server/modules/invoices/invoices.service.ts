import type { InvoiceDocument } from './invoice-pdf.ts';
import { createInvoiceRenderer } from './invoice-renderer.ts';

/** What the modules that make invoices need to describe one. */
export { sellerDetails, type InvoiceDocument } from './invoice-pdf.ts';

/** Invoice PDFs with their Swiss QR-bill, rendered in a thread of their own (invoice-renderer.ts says why). */
export function createInvoicesService() {
  const renderer = createInvoiceRenderer();

  return {
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
