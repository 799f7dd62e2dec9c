/** A webinar's facts (when, how long, in which language), as the shop's webinar pages and the back office show them. */
export const webinarFacts = {
  'webinars.when': 'Date and time',
  'webinars.duration': 'Duration',
  'webinars.language': 'Language',
  'webinars.minutes.one': '{count} minute',
  'webinars.minutes.other': '{count} minutes',
  'webinars.language.en-US': 'English',
  'webinars.language.de-CH': 'German',
} as const;
