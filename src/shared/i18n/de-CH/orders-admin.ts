import type { ordersAdmin as reference } from '../en-US/orders-admin.ts';

/** Die Spaltenköpfe des CSV-Exports der Bestellungen im Backoffice. */
export const ordersAdmin = {
  'ordersAdmin.csv.number': 'Nummer',
  'ordersAdmin.csv.status': 'Status',
  'ordersAdmin.csv.received': 'Eingegangen (Zürcher Zeit)',
  'ordersAdmin.csv.company': 'Firma',
  'ordersAdmin.csv.customer': 'Kunde',
  'ordersAdmin.csv.totalExclVat': 'Total exkl. MWST',
  'ordersAdmin.csv.currency': 'Währung',
  'ordersAdmin.csv.buyerReference': 'Referenz des Kunden',
  'ordersAdmin.csv.purchaseOrderNumber': 'Bestellnummer des Kunden',
  'ordersAdmin.references.changed': 'Rechnungsreferenzen geändert. Ihre Referenz: {buyerReference}; Bestellnummer: {purchaseOrderNumber}.',
  'ordersAdmin.references.none': '(keine)',
} satisfies Record<keyof typeof reference, string>;
