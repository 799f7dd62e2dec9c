/**
 * The newsletter's double opt-in, preference centre and issues, and the people calls
 * around it: the data download, the deletion, the back office's contacts
 * (docs/product/newsletter.md, docs/product/people.md).
 */
export const newsletter = {
  'newsletter.request.confirmation':
    'Thank you. We have sent you an e-mail with a link. If you are new to our newsletter, please confirm your subscription with it within 7 days: until then you will not receive any newsletter.',
  'newsletter.status.PENDING': 'Waiting for confirmation',
  'newsletter.status.CONFIRMED': 'Subscribed',
  'newsletter.status.UNSUBSCRIBED': 'Unsubscribed',
  'newsletter.deletion.requested':
    'We have sent you an e-mail with a link to confirm the deletion of your data. The link works for 24 hours; nothing is deleted until you confirm.',
  'people.deletion.done':
    'Your data has been deleted. Orders are kept without your name, e-mail address, phone number and address, as accounting law requires.',
  'error.newsletter.tokenNotFound':
    'This link is unknown or has expired. Links to confirm a subscription work for 7 days: please subscribe again on our website to get a new one, or use the link in a newer e-mail from us.',
  'error.people.deletionTokenNotFound':
    'This link is unknown, has expired or was used already. Links to confirm a deletion work once and for 24 hours: please ask for the deletion again from your newsletter preferences.',
  'error.people.contactNotFound': 'This contact does not exist.',

  'newsletterMail.listName': 'CyberSafe Academy newsletter',
  'newsletterMail.confirm.subject': 'Please confirm your newsletter subscription',
  'newsletterMail.confirm.intro':
    'Somebody, hopefully you, asked to receive the CyberSafe Academy newsletter at this e-mail address. Please confirm with the link below; you can choose your topics there too.',
  'newsletterMail.confirm.cta': 'Confirm subscription',
  'newsletterMail.confirm.expiry': 'The link works for 7 days. Until you confirm, we send you no newsletter.',
  'newsletterMail.confirm.notYou': 'If you did not ask for it, you can ignore this e-mail: without your confirmation you will not hear from us again.',
  'newsletterMail.known.subject': 'Your newsletter preferences',
  'newsletterMail.known.intro':
    'Somebody, hopefully you, asked to subscribe this e-mail address to our newsletter. It is subscribed already, so nothing has changed.',
  'newsletterMail.known.cta': 'Change preferences or unsubscribe',
  'newsletterMail.known.notYou': 'If you did not ask for it, you can ignore this e-mail.',
  'newsletterMail.issue.footer': 'You receive this newsletter because you subscribed to it with {email}.',
  'newsletterMail.issue.preferences': 'Change your topics or unsubscribe',

  'peopleMail.deletion.subject': 'Please confirm the deletion of your data',
  'peopleMail.deletion.intro': 'You asked us to delete everything we store about you. Please confirm with the link below within 24 hours.',
  'peopleMail.deletion.cta': 'Delete my data',
  'peopleMail.deletion.what':
    'We then delete your contact details, your consents, your newsletter subscription, your messages and your webinar sign-ups. Orders are kept for accounting, without your name, e-mail address, phone number and address.',
  'peopleMail.deletion.notYou': 'If you did not ask for it, you can ignore this e-mail: nothing is deleted without your confirmation.',

  'people.csv.email': 'E-mail address',
  'people.csv.firstName': 'First name',
  'people.csv.lastName': 'Last name',
  'people.csv.company': 'Company',
  'people.csv.phone': 'Phone number',
  'people.csv.role': 'Role',
  'people.csv.experienceLevel': 'Experience',
  'people.csv.language': 'Language',
  'people.csv.newsletter': 'Newsletter',
  'people.csv.createdAt': 'Known since',
} as const;
