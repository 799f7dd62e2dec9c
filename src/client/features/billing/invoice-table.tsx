import type { ReactNode, TdHTMLAttributes } from 'react';
import type { InvoiceSummary } from '#shared/schemas/invoices.ts';
import './invoice-table.css';

/** A column after the invoice's number: its header, what a row shows in it, and attributes of that cell. */
export interface InvoiceColumn {
  header: ReactNode;
  cell: (invoice: InvoiceSummary) => ReactNode;
  attributes?: (invoice: InvoiceSummary) => TdHTMLAttributes<HTMLTableCellElement> & Record<`data-${string}`, string>;
  /**
   * On a narrow screen (a phone) the column gives way and what its cell says shows under the
   * invoice's number, named by the column's header: the table keeps to the screen's width.
   */
  foldOnNarrow?: boolean;
}

/**
 * An order's invoices as a table, one row each: the number as the row's header, a plain
 * link to the invoice's PDF, then the given columns. The tracking page (its buyer's
 * columns and texts) and the back office's order page (staff's) both show it.
 */
export function InvoiceTable({
  invoices,
  className,
  caption,
  numberHeader,
  linkText,
  pdfHref,
  columns,
}: {
  invoices: InvoiceSummary[];
  className: string;
  /** Read by screen readers only. */
  caption?: string;
  numberHeader: string;
  linkText: (invoice: InvoiceSummary) => string;
  /** The address of an invoice's PDF (billingCalls.orderInvoicePdf or adminInvoicePdf). */
  pdfHref: (invoice: InvoiceSummary) => string;
  columns: InvoiceColumn[];
}) {
  const folded = columns.filter((column) => column.foldOnNarrow);
  const foldable = (column: InvoiceColumn) => (column.foldOnNarrow ? 'invoice-table__foldable' : undefined);
  return (
    <table className={className}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{numberHeader}</th>
          {columns.map((column, index) => (
            <th scope="col" key={index} className={foldable(column)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id}>
            <th scope="row">
              <a href={pdfHref(invoice)} type="application/pdf">
                {linkText(invoice)}
              </a>
              {folded.length > 0 && (
                <dl className="invoice-table__folded">
                  {folded.map((column, index) => (
                    <div key={index}>
                      <dt>{column.header}</dt>
                      <dd {...column.attributes?.(invoice)}>{column.cell(invoice)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </th>
            {columns.map((column, index) => (
              <td key={index} className={foldable(column)} {...column.attributes?.(invoice)}>
                {column.cell(invoice)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What an invoice is for: on a credit note the invoice it credits (`credits`), else the month
 * it bills, from its first to its last day, or `first` on the order's first invoice (which
 * has no period).
 */
export function invoicePeriod(
  invoice: InvoiceSummary,
  texts: { range: (from: string, to: string) => string; first: string; credits: (invoiceNumber: string) => string },
): string {
  if (invoice.credits) return texts.credits(invoice.credits);
  return invoice.periodFirstDay && invoice.periodLastDay ? texts.range(invoice.periodFirstDay, invoice.periodLastDay) : texts.first;
}
