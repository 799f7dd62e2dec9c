/**
 * What a form's own check says: the keys the shared schemas give (src/shared/schemas/)
 * and the ones the pages show themselves. The server answers with the same texts, so
 * every catalogue, browser or server, has this area; the errors only the server gives
 * are in `api-errors.ts`.
 */
export const errors = {
  'error.required': 'This field is required.',
  'error.invalid': 'This value is not valid.',
  'error.invalidEmail': 'Please enter a valid e-mail address.',
  'error.tooShort': 'Please enter at least {min} characters.',
  'error.tooLong': 'Please enter at most {max} characters.',
  'error.tooSmall': 'The value must be at least {min}.',
  'error.tooBig': 'The value must be at most {max}.',
  'error.invalidOption': 'Please choose one of the offered options.',
  'error.phoneFormat':
    'Only use numbers, space, and minus. Please use the international phone number format with your selected country code.',
  'error.consentRequired': 'Please agree to the privacy policy.',
  'error.webinarCode': 'Use letters, digits and dashes only.',
  'error.invalidDateTime': 'Please enter a valid date and time.',
  'error.httpsLink': 'Please enter a link starting with https://.',
  'error.webinar.notFound': 'This webinar does not exist or was cancelled.',
  'error.webinar.started': 'This webinar has already started, sign-up is closed.',

  'error.staff.commonPassword': 'This password is too common. Please choose another one.',

  'error.order.refundAmountWithoutRefund': 'Give a refund amount only when a refund is made.',
  'error.money.decimals': 'Please enter an amount with at most two decimals.',
  'error.date.beforeStart': 'The end date must not be before the start date.',
  'error.date.outOfRange': 'Please enter a date between the years {first} and {last}.',

  'error.postcode.format': 'This postcode is not valid for the chosen country. It is written like {example}.',

  'error.checkout.agreeRequired': 'Please agree to the terms and conditions and the privacy policy.',
  'error.checkout.vatNumberRequired': 'Please enter the VAT number of your company: it is needed for invoices to EU countries (reverse charge).',
  'error.checkout.countryRequired': 'Please choose a country.',

  // The answer of GET /api/downloadables/by-code/{code} for an unknown code
  'error.downloadable.notFound': 'This download does not exist.',

  // The back office's newsletter issues
  'error.issueLanguage': 'Please choose at least one language.',
  'error.imageFile': 'Please choose a PNG, JPEG, GIF or WebP image.',
  'error.imageTooLarge': 'The image is larger than 2 MB.',
  'error.sendAtPast': 'Please choose a time in the future, or send it now.',
  // Credit notes: an amount or seats (src/shared/schemas/invoices.ts)
  'error.creditNote.amountOrSeats': 'Credit either an amount or seats of the invoice lines.',
  'error.creditNote.noSeats': 'Enter the seats to credit on at least one line.',
  'error.creditNote.lineTwice': 'Each line of the invoice can be named once.',
} as const;
