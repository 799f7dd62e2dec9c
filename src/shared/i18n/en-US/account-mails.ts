/** The answer to a sign-in link request, the mail with the link and the account's refusal (src/server/modules/account/). */
export const accountMails = {
  // The answer of POST /api/account/sign-in-link: the same whatever the address.
  'account.signInLink.sent': 'Thank you. If orders were placed with {email}, a sign-in link is on its way there. It works once, for 30 minutes.',
  'error.account.signInNeeded': 'Please sign in to your account: ask for a sign-in link by e-mail.',

  // The mail with the link
  'accountMail.subject': 'Your sign-in link',
  'accountMail.intro': 'Here is your link to your account with us: your orders, invoices and plans.',
  'accountMail.button': 'Sign in to your account',
  'accountMail.validity': 'The link works once, for 30 minutes, until {time}. After that, ask for a new one here: {page}',
  // The link to the account in the customer mails (the order confirmation)
  'accountMail.yourAccount': 'Your account: all your orders and invoices, with a sign-in link by e-mail',
  'accountMail.notYou': 'You did not ask for this link? Then you can ignore this e-mail; nobody can sign in without it.',
} as const;
