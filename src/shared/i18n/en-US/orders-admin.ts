/** The column headers of the back office's CSV export of orders. */
export const ordersAdmin = {
  'ordersAdmin.csv.number': 'Number',
  'ordersAdmin.csv.status': 'Status',
  'ordersAdmin.csv.received': 'Received (Zurich time)',
  'ordersAdmin.csv.company': 'Company',
  'ordersAdmin.csv.customer': 'Customer',
  'ordersAdmin.csv.totalExclVat': 'Total excl. VAT',
  'ordersAdmin.csv.currency': 'Currency',
  'ordersAdmin.csv.buyerReference': 'Buyer reference',
  'ordersAdmin.csv.purchaseOrderNumber': 'Purchase order number',
  'ordersAdmin.references.changed': 'Invoice references changed. Your reference: {buyerReference}; purchase order number: {purchaseOrderNumber}.',
  'ordersAdmin.references.none': '(none)',
} as const;
