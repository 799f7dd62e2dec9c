/**
 * What the server says about the newsletter and the people around it: the answers to
 * the subscription and the deletion, the mails of the double opt-in, the issues and the
 * deletion, and the contacts' CSV export (docs/product/newsletter.md,
 * docs/product/contacts.md). The preference centre's texts are in `preferences.ts`.
 */
export const newsletter = {
  'newsletter.request.confirmation':
    'Thank you. We have sent you an e-mail with a link. If you are new to our newsletter, please confirm your subscription with it within 7 days: until then you will not receive any newsletter.',
  'newsletter.deletion.requested':
    'We have sent you an e-mail with a link to confirm the deletion of your data. The link works for 24 hours; nothing is deleted until you confirm.',
  'contacts.deletion.done':
    'Your data has been deleted. Orders are kept without your name, e-mail address, phone number and address, as accounting law requires.',

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
  'newsletterMail.issue.testPrefix': '[Test]',
  'newsletterMail.issue.previewAddress': 'name@example.com',
  'newsletterIssues.test.sent': 'A test of each language was sent to {email}.',

  'contactMail.deletion.subject': 'Please confirm the deletion of your data',
  'contactMail.deletion.intro': 'You asked us to delete everything we store about you. Please confirm with the link below within 24 hours.',
  'contactMail.deletion.cta': 'Delete my data',
  'contactMail.deletion.what':
    'We then delete your contact details, your consents, your newsletter subscription, your messages and your webinar sign-ups. Orders are kept for accounting, without your name, e-mail address, phone number and address.',
  'contactMail.deletion.notYou': 'If you did not ask for it, you can ignore this e-mail: nothing is deleted without your confirmation.',

  'contacts.csv.email': 'E-mail address',
  'contacts.csv.firstName': 'First name',
  'contacts.csv.lastName': 'Last name',
  'contacts.csv.company': 'Company',
  'contacts.csv.phone': 'Phone number',
  'contacts.csv.role': 'Role',
  'contacts.csv.experienceLevel': 'Experience',
  'contacts.csv.language': 'Language',
  'contacts.csv.newsletter': 'Newsletter',
  'contacts.csv.createdAt': 'Known since',
} as const;
