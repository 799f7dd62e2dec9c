/** The contact form's answer and mails (docs/product/forms.md); the form's own texts are in `forms.ts` and `shop.ts`. */
export const contact = {
  'forms.contact.confirmation':
    'Thank you for your message to: {recipient}. We have sent you a confirmation by e-mail and will answer within two working days.',
  'mail.contactAck.subject': 'We have received your message',
  'mail.contactAck.intro': 'Thank you for your message. It has reached us and has been passed on to: {recipient}.',
  'mail.contactAck.next':
    'What happens next: the person responsible reads your message and answers you at this e-mail address, usually within two working days. You do not need to do anything until then.',
  'mail.contactAck.notYou': 'If you did not write to us, you can ignore this e-mail: we will not write to you again about it.',
  'mail.contactStaff.subject': 'Contact form ({recipient}): {subject}',
  'mail.contactStaff.intro': 'A message was sent with the contact form. Replying to this e-mail answers the sender.',
  'mail.contactStaff.from': 'From',
  'mail.contactStaff.received': 'Received',
  'mail.contactStaff.language': 'Language',
  'mail.contactStaff.open': 'Open in the back office',
} as const;
