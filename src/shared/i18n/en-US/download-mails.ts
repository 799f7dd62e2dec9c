/** The answer to a download request and the mail with the signed link (src/server/modules/downloadables/). */
export const downloadMails = {
  // The answer of POST /api/downloadables/by-code/{code}/subscriptions/
  'downloadables.confirmation': 'Thank you. The link to download “{title}” is on its way to {email}. It works for {days} days.',

  // The mail with the signed link
  'downloadMail.subject': 'Your download: {title}',
  'downloadMail.intro': 'Thank you for your interest in “{title}”. Your copy is ready: download the PDF with the link below.',
  'downloadMail.button': 'Download the PDF',
  'downloadMail.validity': 'The link works for {days} days, until {date}, for anyone who has it, so please do not pass it on. After that, ask for a fresh link here: {page}',
  'downloadMail.notYou': 'You did not ask for this document? Then you can ignore this e-mail.',
} as const;
