/** The billing's mails (src/server/modules/billing/billing.mails.ts): invoices, payment reminders, notice. */
export const billingMails = {
  'mail.creditNote.subject': 'Credit note {number} for invoice {invoice} of your order {order}',
  'mail.creditNote.intro': 'We have issued credit note {number} for invoice {invoice}: {amount} is credited.',
  'mail.creditNote.reason': 'Reason: {reason}',
  'mail.creditNote.attached': 'The credit note is attached as PDF. There is nothing to pay; what you paid beyond what is still due is refunded to you.',
  'note.billing.creditNote': 'Credit note {number} for invoice {invoice}: {amount} credited. Reason: {reason}',
  'mail.invoice.subject': 'Invoice {number} for your order {order}',
  'mail.invoice.intro': 'Please find attached invoice {number} of {amount}, payable by {dueDate}.',
  'mail.invoice.period': 'It covers your monthly trainings from {from} to {to}.',
  'mail.invoice.first': 'It covers your order {order}.',
  'mail.invoice.tracking': 'Your invoices and what is open',
  'mail.reminder.first.subject': 'Payment reminder: invoice {number}',
  'mail.reminder.first.intro':
    'Perhaps it slipped your attention: invoice {number} of {amount} was due on {dueDate}, and we have not received your payment yet. Please pay {open} at your earliest convenience. If you have already paid, please disregard this e-mail.',
  'mail.reminder.second.subject': 'Second reminder: invoice {number} is overdue',
  'mail.reminder.second.intro':
    'Invoice {number} of {amount} was due on {dueDate} and is still open despite our reminder. Please pay the open {open} within 10 days.',
  'mail.reminder.final.subject': 'Final reminder: invoice {number} is overdue',
  'mail.reminder.final.intro':
    'Invoice {number} of {amount}, due on {dueDate}, remains unpaid after two reminders. Please pay the open {open} within 10 days; otherwise we will suspend your seats and hand the claim over for collection.',
  'mail.reminder.attached': 'The invoice is attached again.',
  'mail.notice.subject': 'Please confirm your notice for order {order}',
  'mail.notice.intro': 'Notice was requested on the tracking page for your monthly plan, order {order}. It takes effect only once you confirm it.',
  'mail.notice.effective': 'Your plan would end on {date} (the end of the running period, not before its minimum term ends).',
  'mail.notice.cta': 'Confirm the notice',
  'mail.notice.ignore': 'If you did not ask for this, ignore this e-mail: nothing changes.',
  'note.billing.reminder': 'Reminder {step} of {steps} for invoice {number} sent to {email}',
  'note.billing.reminderNotMailed': 'Reminder {step} of {steps} for invoice {number} recorded, not mailed: a demo order gets no mail',
} as const;
