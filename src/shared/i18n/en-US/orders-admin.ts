/** The back office's order calls: refusals of staff actions and the CSV export. */
export const ordersAdmin = {
  'error.order.notFound': 'This order does not exist.',
  'error.order.actionNotAllowed':
    'This action is not possible in the current status of the order. It may have been changed meanwhile: reload the order to see what it allows now.',
  'error.order.precondition': 'The order does not meet the conditions for this action.',
  'error.order.cancelPaid': 'Payments were recorded for this order: cancel it with a refund instead.',
  'error.order.refundPending': 'A refund is still pending: record its payout first.',
  'error.order.noRefundPending': 'No refund is pending for this order.',
  'error.order.amountAboveOpen': 'The amount must not exceed the open amount of {max}.',
  'error.order.refundAbovePaid': 'The refund must not exceed the {max} paid.',
  'error.order.refundAmountWithoutRefund': 'Give a refund amount only when a refund is made.',
  'error.money.decimals': 'Please enter an amount with at most two decimals.',
  'error.date.future': 'The date must not be in the future.',
  'error.date.beforeStart': 'The end date must not be before the start date.',
  'ordersAdmin.csv.number': 'Number',
  'ordersAdmin.csv.status': 'Status',
  'ordersAdmin.csv.received': 'Received',
  'ordersAdmin.csv.company': 'Company',
  'ordersAdmin.csv.customer': 'Customer',
  'ordersAdmin.csv.totalExclVat': 'Total excl. VAT',
  'ordersAdmin.csv.currency': 'Currency',
} as const;
