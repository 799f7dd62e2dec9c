import { isoDateInZurich } from '#shared/dates.ts';
import { AppError } from '#shared/errors.ts';
import type { Currency } from '#shared/locales.ts';
import type { InvoiceRecordsService, OrderInvoicesView } from '../invoices/invoice-records.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';

/** An order's invoices and their PDFs, as the visitor's tracking page and the back office ask for them. */
export function createOrderInvoicesService(deps: { orders: Pick<OrdersService, 'orderWithFacts'>; invoiceRecords: Pick<InvoiceRecordsService, 'list' | 'pdf'> }) {
  const { orders, invoiceRecords } = deps;

  /** The order's invoices with what is open; the visitor's (`visitor`) 404 for a cart or a deleted order. */
  async function invoicesOf(orderId: string, options: { visitor: boolean }): Promise<OrderInvoicesView> {
    const order = await orders.orderWithFacts(orderId);
    if (!order || (options.visitor && (order.deletedAt || !order.number))) throw new AppError('notFound', 'error.order.notFound');
    return invoiceRecords.list(orderId, order.currency as Currency, isoDateInZurich());
  }

  return {
    invoicesOf,

    /** One invoice of the order as PDF, the same bytes every time. */
    async invoicePdf(orderId: string, invoiceId: string, options: { visitor: boolean }): Promise<{ number: string; pdf: Buffer }> {
      const order = await orders.orderWithFacts(orderId);
      if (!order || (options.visitor && order.deletedAt)) throw new AppError('notFound', 'error.invoice.notFound');
      return invoiceRecords.pdf(orderId, invoiceId);
    },
  };
}

export type OrderInvoicesService = ReturnType<typeof createOrderInvoicesService>;
