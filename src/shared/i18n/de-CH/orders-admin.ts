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
} satisfies Record<keyof typeof reference, string>;
