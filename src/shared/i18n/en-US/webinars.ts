/** The webinar pages of the shop; a webinar's facts are in `webinar-facts.ts`, the back office's admin in `webinars-admin.ts`. */
export const webinars = {
  // The public list (/app/webinars)
  'webinars.title': 'Webinars',
  'webinars.intro': 'Free live webinars on cybersecurity, held by our trainers. Choose one and sign up: the link to join comes by e-mail.',
  'webinars.loading': 'Loading the webinars…',
  'webinars.loadFailed': 'The webinars could not be loaded. Please try again.',
  'webinars.retry': 'Try again',
  'webinars.empty': 'No webinars are planned at the moment. Please check again later.',

  // One webinar (/app/webinar/{id}/{language})
  'webinars.loadingOne': 'Loading the webinar…',
  'webinars.loadOneFailed': 'The webinar could not be loaded. Please try again.',
  'webinars.back': 'All webinars',
  'webinars.about': 'About this webinar',
  'webinars.heldIn': 'This webinar is held in {language}.',
  'webinars.notFound.title': 'Webinar not found',
  'webinars.notFound.list': 'See the upcoming webinars',
  'webinars.past': 'This webinar has taken place. Sign-up is closed.',
  'webinars.started': 'This webinar has already started. Sign-up is closed.',
  'webinars.signUp.title': 'Sign up',
  'webinars.signUp.intro': 'Sign-up is free. We send you the link to join by e-mail.',
  'webinars.signUp.newsletter': 'Also send me the newsletter about cybersecurity and our trainings.',
  'webinars.signUp.submit': 'Sign up',
  'webinars.signedUp.title': 'You are signed up',
  'webinars.signedUp.text': 'Thank you for signing up.',
  'webinars.next.title': 'What happens next',
  'webinars.next.mail': 'You receive an e-mail confirming your sign-up, with the link to join the webinar.',
  'webinars.next.calendar': 'A calendar invitation comes with it: add the webinar to your calendar so that you have the date and the link at hand.',
  'webinars.next.more': 'Discover more webinars',
} as const;
