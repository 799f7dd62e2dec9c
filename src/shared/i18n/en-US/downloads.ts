/** The downloadable content: its page, its request form and dialog, the mail with the link, the home page's section. */
export const downloads = {
  // The answer of GET /api/downloadables/by-code/{code} for an unknown code
  'error.downloadable.notFound': 'This download does not exist.',

  // The page (/app/downloadable-content/{code}/{language}) and the dialog
  'downloads.kicker': 'Free download',
  'downloads.loading': 'Loading the download…',
  'downloads.loadFailed': 'The download could not be loaded. Please try again.',
  'downloads.retry': 'Try again',
  'downloads.notFound.title': 'Download not found',
  'downloads.notFound.home': 'Go to the home page',
  'downloads.facts.label': 'About the document',
  'downloads.facts.format': 'Format',
  'downloads.facts.pages': 'Length',
  'downloads.facts.language': 'Language',
  'downloads.pages.one': '{count} page',
  'downloads.pages.other': '{count} pages',
  'downloads.language.en-US': 'English',
  'downloads.language.de-CH': 'German',
  'downloads.link.expired': 'This download link has expired: links work for 7 days. Fill in the form below and we send you a fresh link.',
  'downloads.link.invalid': 'This download link is not valid: it may be incomplete or changed. Fill in the form below and we send you a fresh link.',
  'downloads.form.title': 'Get your free copy',
  'downloads.form.intro': 'We send you a download link by e-mail. It works for 7 days, for anyone who has it.',
  'downloads.form.newsletter': 'Also send me the newsletter about cybersecurity and our trainings.',
  'downloads.form.submit': 'Send me the link',
  'downloads.sent.title': 'The link is on its way',
  'downloads.sent.text': 'Thank you. The e-mail with your download link is on its way.',
  'downloads.sent.inbox': 'Check your inbox: the e-mail should arrive within a few minutes. Nothing there? Look in the spam folder, or send the form again.',
  'downloads.dialog.unavailable': 'This document is not available at the moment. Please try again later.',

  // The answer of POST /api/downloadables/by-code/{code}/subscriptions/
  'downloads.confirmation': 'Thank you. The link to download “{title}” is on its way to {email}. It works for {days} days.',

  // The mail with the signed link
  'downloadMail.subject': 'Your download: {title}',
  'downloadMail.intro': 'Thank you for your interest in “{title}”. Your copy is ready: download the PDF with the link below.',
  'downloadMail.button': 'Download the PDF',
  'downloadMail.validity': 'The link works for {days} days, until {date}, for anyone who has it, so please do not pass it on. After that, ask for a fresh link here: {page}',
  'downloadMail.notYou': 'You did not ask for this document? Then you can ignore this e-mail.',

  // The home page's section with the guide
  'downloads.home.kicker': 'Free guide',
  'downloads.home.heading': 'The cybersecurity education guide',
  'downloads.home.text':
    'Phishing, passwords and multi-factor authentication, updates, backups and reporting incidents: the habits that stop most attacks, explained for every employee – with a checklist for your company.',
  'downloads.home.note': 'Free PDF, sent to you by e-mail.',
  'downloads.home.button': 'Get the free guide',
};
