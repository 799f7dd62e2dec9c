import type { Db } from '#server/db/client.ts';
import type { InvoiceDocument } from '../invoices/invoice-pdf.ts';
import type { MailComposer } from '../mail/mail.worker.ts';
import { placedOrder } from './checkout.service.ts';
import { orderConfirmationKind, orderConfirmationMail } from './order-mails.ts';

/** The mails of this module that the mail worker composes when it sends them. */
export function orderMailComposers(options: {
  db: Db;
  publicUrl: string;
  renderPdf: (invoice: InvoiceDocument) => Promise<Buffer>;
}): Record<string, MailComposer> {
  return {
    [orderConfirmationKind]: async (payload) => {
      const { detail, info } = await placedOrder(options.db, String(payload.orderId));
      return orderConfirmationMail(detail, info, options.publicUrl, options.renderPdf);
    },
  };
}
