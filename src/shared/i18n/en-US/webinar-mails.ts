/** The webinar sign-up's answer, its confirmation mail and the invitation's texts. */
export const webinarMails = {
  // The answer of the sign-up form
  'webinarMail.signUpConfirmation':
    'You are signed up for “{title}” on {date}. We have sent you an e-mail with the link to join and a calendar entry.',

  // The mails: confirmation, changed webinar, cancelled webinar
  'webinarMail.confirmation.subject': 'You are signed up: {title}',
  'webinarMail.confirmation.intro': 'Thank you for signing up for our webinar. Here is everything you need to take part.',
  'webinarMail.updated.subject': 'Changed: {title}',
  'webinarMail.updated.intro':
    'The webinar you signed up for has changed. These are the new details; the calendar entry attached replaces the one in your calendar.',
  'webinarMail.cancelled.subject': 'Cancelled: {title}',
  'webinarMail.cancelled.intro': 'We are sorry: the webinar “{title}” planned for {date} has been cancelled.',
  'webinarMail.cancelled.calendar': 'The calendar entry attached removes it from your calendar. You do not need to do anything else.',
  'webinarMail.details.title': 'Webinar',
  'webinarMail.details.when': 'Date and time',
  'webinarMail.details.duration': 'Duration',
  'webinarMail.details.minutes': '{minutes} minutes',
  'webinarMail.details.link': 'Link to join',
  'webinarMail.join': 'Join the webinar',
  'webinarMail.joinNote': 'Please keep this e-mail: you join the webinar with this link.',
  'webinarMail.calendar.title': 'Add it to your calendar',
  'webinarMail.calendar.google': 'Add to Google Calendar',
  'webinarMail.calendar.outlook': 'Outlook',
  'webinarMail.calendar.file': 'For any other calendar, open the attached file {file}.',
  'webinarMail.notYou': 'If you did not sign up, you can ignore this e-mail.',

  // The calendar entry (.ics) and the calendar links
  'webinarMail.event.join': 'Join the webinar: {link}',
  'webinarMail.event.alarm': 'The webinar starts in 15 minutes: {title}',

  // The back office's list of subscribers (CSV)
  'webinarMail.csv.firstName': 'First name',
  'webinarMail.csv.lastName': 'Last name',
  'webinarMail.csv.email': 'E-mail',
  'webinarMail.csv.company': 'Company',
  'webinarMail.csv.role': 'Role',
  'webinarMail.csv.language': 'Language',
  'webinarMail.csv.subscribedAt': 'Signed up (UTC)',
} as const;
