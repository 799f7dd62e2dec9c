import type { MoneyAt } from '#server/http/answer-money.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { sellerDetails } from './invoice-seller.ts';
import { createInvoiceRenderer } from './invoice-renderer.ts';

/** An invoice as the modules that make invoices describe it: the seller is always the company, added here. */
/** An invoice as it is stored and printed: amounts in major units (invoice-records.service.ts freezes it). */
export type PrintedInvoice = Omit<InvoiceDocument, 'seller'>;

/** An invoice's content as it is built, before it is frozen: its amounts as `Money`. */
export type InvoiceContent = MoneyAt<PrintedInvoice, 'net' | 'vatAmount' | 'gross' | 'unitPrice' | 'total'>;

/** Invoice PDFs with their Swiss QR-bill, rendered in a pool of `threads` threads (invoice-renderer.ts says why). */
export function createInvoicesService(deps: { threads: number }) {
  const renderer = createInvoiceRenderer({ threads: deps.threads });

  return {
    /**
     * Starts a rendering thread with the server's workers, so that loading its modules
     * does not take the CPU from the first checkouts, whose confirmations it renders.
     */
    start(): void {
      renderer.start();
    },

    renderPdf(invoice: PrintedInvoice): Promise<Buffer> {
      return renderer.render({ ...invoice, seller: sellerDetails });
    },

    /** Stops the rendering threads; call it when the server closes. */
    close(): Promise<void> {
      return renderer.close();
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
