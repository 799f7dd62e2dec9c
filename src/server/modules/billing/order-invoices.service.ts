import { isoDateInZurich } from '#shared/dates.ts';
import { AppError } from '#shared/errors.ts';
import type { Currency } from '#shared/locales.ts';
import type { InvoiceRecordsService, OrderInvoicesView } from '../invoices/invoice-records.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';

/** An order's invoices and their PDFs, as the visitor's tracking page and the back office ask for them. */
export function createOrderInvoicesService(deps: { orders: Pick<OrdersService, 'orderWithFacts'>; invoiceRecords: Pick<InvoiceRecordsService, 'list' | 'pdf' | 'xrechnung'> }) {
  const { orders, invoiceRecords } = deps;

  /** The order's invoices with what is open; the visitor's (`visitor`) 404 for a cart or a deleted order. */
  async function invoicesOf(orderId: string, options: { visitor: boolean }): Promise<OrderInvoicesView> {
    const order = await orders.orderWithFacts(orderId);
    if (!order || (options.visitor && (order.deletedAt || !order.number))) throw new AppError('notFound', 'error.order.notFound');
    return invoiceRecords.list(orderId, order.currency as Currency, isoDateInZurich());
  }

  /** The visitor's 404 for a deleted order: what the invoice's PDF and its XRechnung ask first. */
  async function checkOrder(orderId: string, options: { visitor: boolean }): Promise<void> {
    const order = await orders.orderWithFacts(orderId);
    if (!order || (options.visitor && order.deletedAt)) throw new AppError('notFound', 'error.invoice.notFound');
  }

  return {
    invoicesOf,

    /** One invoice of the order as PDF, the same bytes every time. */
    async invoicePdf(orderId: string, invoiceId: string, options: { visitor: boolean }): Promise<{ number: string; pdf: Buffer }> {
      await checkOrder(orderId, options);
      return invoiceRecords.pdf(orderId, invoiceId);
    },

    /** The same invoice as XRechnung XML, by the same access rule as its PDF; 404 without the buyer's reference. */
    async invoiceXRechnung(orderId: string, invoiceId: string, options: { visitor: boolean }): Promise<{ number: string; xml: string }> {
      await checkOrder(orderId, options);
      return invoiceRecords.xrechnung(orderId, invoiceId);
    },
  };
}

export type OrderInvoicesService = ReturnType<typeof createOrderInvoicesService>;
