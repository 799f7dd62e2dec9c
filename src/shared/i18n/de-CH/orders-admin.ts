import type { ordersAdmin as reference } from '../en-US/orders-admin.ts';

export const ordersAdmin = {
  'error.order.notFound': 'Diese Bestellung existiert nicht.',
  'error.order.actionNotAllowed':
    'Diese Aktion ist im aktuellen Status der Bestellung nicht möglich. Sie wurde vielleicht inzwischen geändert: Laden Sie die Bestellung neu, um zu sehen, was jetzt möglich ist.',
  'error.order.precondition': 'Die Bestellung erfüllt die Bedingungen für diese Aktion nicht.',
  'error.order.cancelPaid': 'Für diese Bestellung wurden Zahlungen erfasst: Stornieren Sie sie mit Rückerstattung.',
  'error.order.refundPending': 'Eine Rückerstattung ist noch offen: Erfassen Sie zuerst deren Auszahlung.',
  'error.order.noRefundPending': 'Für diese Bestellung ist keine Rückerstattung offen.',
  'error.order.amountAboveOpen': 'Der Betrag darf den offenen Betrag von {max} nicht übersteigen.',
  'error.order.refundAbovePaid': 'Die Rückerstattung darf die bezahlten {max} nicht übersteigen.',
  'error.order.refundAmountWithoutRefund': 'Geben Sie einen Rückerstattungsbetrag nur bei einer Rückerstattung an.',
  'error.money.decimals': 'Bitte geben Sie einen Betrag mit höchstens zwei Nachkommastellen ein.',
  'error.date.future': 'Das Datum darf nicht in der Zukunft liegen.',
  'error.date.beforeStart': 'Das Enddatum darf nicht vor dem Startdatum liegen.',
  'ordersAdmin.csv.number': 'Nummer',
  'ordersAdmin.csv.status': 'Status',
  'ordersAdmin.csv.received': 'Eingegangen',
  'ordersAdmin.csv.company': 'Firma',
  'ordersAdmin.csv.customer': 'Kunde',
  'ordersAdmin.csv.totalExclVat': 'Total exkl. MWST',
  'ordersAdmin.csv.currency': 'Währung',
} satisfies Record<keyof typeof reference, string>;
